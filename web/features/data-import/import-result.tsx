import { Accordion, Alert, List, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ImportResponse, RowIssue } from '../../../common/api/imports';
import { ScrollTable } from '../../components/scroll-table';
import { ApiError, errorMessage } from '../../lib/api';
import { importOutcome } from './import-outcome';
import { ImportRefused } from './upload';

const count = (n: number) => n.toLocaleString('en-US');

/** The server lists at most 100 rows of each kind; the counts say how many there were in all. */
function RowIssues({ rows, total, what }: { rows: readonly RowIssue[]; total: number; what: string }) {
  const label = what[0].toUpperCase() + what.slice(1);
  return (
    <>
      {total > rows.length && (
        <Text size="xs" c="dimmed" mb={4}>
          The first {count(rows.length)} of {count(total)} {what} are listed.
        </Text>
      )}
      <ScrollTable label={label} minWidth={280} maxHeight={240}>
        <Table verticalSpacing={4} fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70} ta="right">
                Row
              </Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((issue) => (
              <Table.Tr key={`${issue.row}: ${issue.reason}`}>
                <Table.Td ta="right">{issue.row}</Table.Td>
                <Table.Td>{issue.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
  );
}

function UnmappedCodes({ codes }: { codes: ImportResponse['unmapped_codes'] }) {
  return (
    <>
      <Text size="xs" c="dimmed" mb={4}>
        These codes have no code mapping, so they count in no figure. Add a mapping in the Configuration tab
        for any that should.
      </Text>
      <ScrollTable label="Unmapped codes" minWidth={220} maxHeight={240}>
        <Table verticalSpacing={4} fz="sm" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.map((code) => (
              <Table.Tr key={code.code}>
                <Table.Td ff="monospace">{code.code}</Table.Td>
                <Table.Td ta="right">{count(code.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
  );
}

export interface Section {
  value: string;
  title: string;
  body: ReactNode;
}

export function Details({ sections }: { sections: Section[] }) {
  if (sections.length === 0) return null;
  return (
    <Accordion variant="contained" multiple chevronPosition="left" mt="xs">
      {sections.map((section) => (
        <Accordion.Item key={section.value} value={section.value}>
          <Accordion.Control>
            <Text size="sm" fw={500}>
              {section.title}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>{section.body}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** The skipped rows listed (at most 100) of `total`; a sync's too, whose rows are ProcNums. */
export const skippedSection = (rows: readonly RowIssue[], total: number): Section => ({
  value: 'skipped',
  title: `Skipped rows (${count(total)})`,
  body: <RowIssues rows={rows} total={total} what="skipped rows" />,
});

/** The codes read that have no mapping, an import's or a sync's, shown the same way. */
export const unmappedSection = (codes: ImportResponse['unmapped_codes']): Section => ({
  value: 'unmapped',
  title: `Unmapped codes (${count(codes.length)})`,
  body: <UnmappedCodes codes={codes} />,
});

/** The folding lists under a result or a preview: skipped rows, warnings, unmapped codes. */
export function resultSections(result: ImportResponse): Section[] {
  const sections: Section[] = [];
  if (result.rows_skipped > 0) sections.push(skippedSection(result.skipped, result.rows_skipped));
  if (result.warnings.length > 0)
    sections.push({
      value: 'warnings',
      title: `Warnings (${count(result.warnings.length)})`,
      body: <RowIssues rows={result.warnings} total={result.warnings.length} what="warnings" />,
    });
  if (result.unmapped_codes.length > 0) sections.push(unmappedSection(result.unmapped_codes));
  return sections;
}

export function ImportSuccess({ result }: { result: ImportResponse }) {
  const sections = resultSections(result);
  const outcome = importOutcome(result);
  const warning = outcome.tone === 'warning';
  return (
    <div>
      <Alert
        color={warning ? 'yellow' : 'green'}
        variant="light"
        role="status"
        icon={
          warning ? (
            <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-orange-8)" />
          ) : (
            <IconCircleCheck size={20} aria-hidden />
          )
        }
        title={outcome.title}
        // Green or yellow on its pale tint is too faint for text; the icon and the tint carry the colour.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {warning ? (
          <>
            <List size="sm" spacing={2}>
              {outcome.reasons.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
            <Text size="sm" mt={4}>
              {outcome.more > 0
                ? `And ${count(outcome.more)} more: every row is listed below.`
                : 'The other rows were imported.'}
            </Text>
          </>
        ) : (
          'No rows were skipped.'
        )}
      </Alert>
      <Details sections={sections} />
    </div>
  );
}

/** The server's words; 'Import failed' when it gave none or could not be reached. */
export function importFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return `Import failed: ${error.message}`;
  return errorMessage(error, 'Import failed');
}

export function ImportFailure({ error }: { error: unknown }) {
  const skipped = error instanceof ImportRefused ? error.skipped : [];
  return (
    <div>
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} aria-hidden />}>
        {importFailureText(error)}
      </Alert>
      <Details
        sections={
          skipped.length > 0
            ? [
                {
                  value: 'skipped',
                  title: `Skipped rows (${count(skipped.length)})`,
                  body: <RowIssues rows={skipped} total={skipped.length} what="skipped rows" />,
                },
              ]
            : []
        }
      />
    </div>
  );
}

import { ActionIcon, Group, Popover, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import type { TreatmentFlags } from './progress';
import { scoreSteps, scoreSum } from './score';

export const SCORE_HELP = 'How the score is made';

/**
 * The score with a button that explains it: a number such as 43 says nothing by itself, so the
 * popover lists the steps on the patient's record and what each adds. It opens on click, tap,
 * Enter or Space (a hover-only tooltip would leave phones and keyboards out); focus moves into
 * it so a screen reader reads it, and Escape or a click elsewhere closes it.
 */
export function ScoreWithHelp({ score, flags }: { score: number; flags: TreatmentFlags }) {
  const steps = scoreSteps(flags);
  const contentId = useId();
  return (
    <Group component="span" gap={4} wrap="nowrap" display="inline-flex" style={{ verticalAlign: 'middle' }}>
      <span>{score}</span>
      <Popover width={260} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={SCORE_HELP}>
            <IconInfoCircle size={16} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-describedby={contentId}>
          <div id={contentId}>
            <Text size="sm" fw={600}>
              {SCORE_HELP}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              Each step on the patient's record adds its own number once.
            </Text>
            <Table verticalSpacing={2} horizontalSpacing={4} fz="sm" tabularNums>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Step</Table.Th>
                  <Table.Th ta="right">Adds</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {steps.map((step) => (
                  <Table.Tr key={step.label}>
                    <Table.Td>{step.label}</Table.Td>
                    <Table.Td ta="right">{step.points}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" mt={6}>
              Score: {scoreSum(steps, score)}
            </Text>
          </div>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}

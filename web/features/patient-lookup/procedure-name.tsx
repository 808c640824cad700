import { Text } from '@mantine/core';

/** The procedure as the file describes it, with its code beside it when that adds anything. */
export function ProcedureName({ procedure, code }: { procedure: string; code: string }) {
  return (
    <>
      {procedure}
      {code && code !== procedure && (
        <Text span size="xs" c="dimmed" ml={6}>
          {code}
        </Text>
      )}
    </>
  );
}

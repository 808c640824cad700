import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ConsultOverview } from '../../../common/api/dashboard';

type Range = ConsultOverview['acceptable_range'];

const oneDecimal = (value: number) => value.toFixed(1);

/** Green or red, and always the status in words: colour is never the only signal. A polite
 * status rather than an alert, as it changes with every filter. */
export function VarianceBox({ range }: { range: Range }) {
  const acceptable = range.variance_status === 'Acceptable Variance';
  const Icon = acceptable ? IconCircleCheck : IconAlertTriangle;
  return (
    <Alert
      style={{ alignSelf: 'start' }}
      variant="light"
      color={acceptable ? 'green' : 'red'}
      title={range.variance_status}
      icon={<Icon size={20} aria-hidden />}
      role="status"
    >
      <Text size="sm">
        Acceptable range of Future + YTD consults per provider: {oneDecimal(range.lower)} to{' '}
        {oneDecimal(range.upper)} (mean {oneDecimal(range.mean)}, plus or minus 20%).
      </Text>
      {!acceptable && (
        <Text size="sm" mt={4}>
          One or more providers are outside the range: {range.outside.join(', ')}.
        </Text>
      )}
    </Alert>
  );
}

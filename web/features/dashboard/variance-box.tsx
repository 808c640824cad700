import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ConsultOverview } from '../../../common/api/dashboard';
import { outsideSides, RANGE_SIDE_WORDS } from './variance';

const oneDecimal = (value: number) => value.toFixed(1);

/** Green or red, and always the status in words: colour is never the only signal. A polite
 * status rather than an alert, as it changes with every filter. */
export function VarianceBox({ data }: { data: Pick<ConsultOverview, 'providers' | 'acceptable_range'> }) {
  const range = data.acceptable_range;
  const sides = outsideSides(data);
  // 'Dr. Lee (above range)': which way, in words.
  const named = range.outside.map((name) => {
    const side = sides.get(name);
    return side ? `${name} (${RANGE_SIDE_WORDS[side]})` : name;
  });
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
          One or more providers are outside the range: {named.join(', ')}.
        </Text>
      )}
    </Alert>
  );
}

import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ConsultOverview } from '../../../common/api/dashboard';
import { outsideSentences, type VarianceTone, varianceTone } from '../../../common/variance-words';

const oneDecimal = (value: number) => value.toFixed(1);

/** Providers above the range are doing better than the group: that is no alarm, so no red. */
const TONES: Record<VarianceTone, { color: string; Icon: typeof IconCircleCheck }> = {
  good: { color: 'green', Icon: IconCircleCheck },
  neutral: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'red', Icon: IconAlertTriangle },
};

/** Coloured by what it means, and always the status in words: colour is never the only signal. A
 * polite status rather than an alert, as it changes with every filter. */
export function VarianceBox({ data }: { data: Pick<ConsultOverview, 'providers' | 'acceptable_range'> }) {
  const range = data.acceptable_range;
  const { color, Icon } = TONES[varianceTone(data)];
  return (
    <Alert
      style={{ alignSelf: 'start' }}
      variant="light"
      color={color}
      title={range.variance_status}
      icon={<Icon size={20} aria-hidden />}
      role="status"
    >
      <Text size="sm">
        Acceptable range of Future + YTD consults per provider: {oneDecimal(range.lower)} to{' '}
        {oneDecimal(range.upper)} (mean {oneDecimal(range.mean)}, plus or minus 20%).
      </Text>
      {outsideSentences(data).map((sentence) => (
        <Text size="sm" mt={4} key={sentence}>
          {sentence}
        </Text>
      ))}
    </Alert>
  );
}

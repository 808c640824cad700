import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { SummaryResponse } from '../../../common/api/activities';

/** Contacts, reached, scheduled and closed per person, side by side (the table has every figure). */
export function TeamBarChart({ users }: { users: SummaryResponse['users'] }) {
  return (
    <BarChart
      h={Math.max(200, users.length * 56 + 60)}
      data={users}
      dataKey="user"
      orientation="vertical"
      series={[
        { name: 'contacts', label: 'Contacts', color: 'brand.6' },
        { name: 'reached', label: 'Reached', color: 'teal.6' },
        { name: 'scheduled', label: 'Scheduled', color: 'indigo.4' },
        { name: 'closed', label: 'Closed', color: 'gray.6' },
      ]}
      xAxisProps={{ allowDecimals: false }}
      yAxisProps={{ width: 110 }}
      gridAxis="x"
      withLegend
      accessibilityLayer={false}
    />
  );
}

import { screen } from '@testing-library/react';
import { trendsFixture } from '../../../../common/api/test-data';
import { trendMonths } from '../../../../common/trend-months';
import { renderWithProviders } from '../../../test-utils';
import { TrendChart } from '.';

// What the Monthly Trends chart says to whoever does not see it; the drawing itself is recharts'.
vi.mock('./trend-chart', () => ({ TrendCompositeChart: () => null }));

describe('the Monthly Trends chart', () => {
  it('says the consults goal is drawn as a dashed line when there are goals', () => {
    const goals = Array.from({ length: 12 }, () => 10);
    renderWithProviders(<TrendChart months={trendMonths({ ...trendsFixture(), consults_goal: goals })} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain(
      'The consults goal of each month is a dashed line.',
    );
  });

  it('keys the month the data stops part-way through, starred on the axis, in words and under the chart', () => {
    renderWithProviders(
      <TrendChart months={trendMonths({ ...trendsFixture(), data_through: '2026-11-01' })} />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('Nov*: incomplete month, to 11/01.');
    expect(screen.getByText('Nov*: incomplete month, to 11/01')).toBeInTheDocument();
  });

  it('says which months have begun without data yet, after the data stops', () => {
    renderWithProviders(
      <TrendChart months={trendMonths({ ...trendsFixture(), data_through: '2026-10-29' })} />,
    );
    const words = screen.getByRole('img').getAttribute('aria-label');
    expect(words).toContain('Oct*: incomplete month, to 10/29. No data yet: Nov.');
    expect(screen.getByText('No data yet: Nov')).toBeInTheDocument();
  });

  it('says nothing of an incomplete month when the data runs to the end of one', () => {
    renderWithProviders(
      <TrendChart months={trendMonths({ ...trendsFixture(), data_through: '2026-10-31' })} />,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).not.toContain('incomplete');
  });

  it('says nothing of goals without them', () => {
    renderWithProviders(<TrendChart months={trendMonths(trendsFixture())} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).not.toContain('goal');
  });
});

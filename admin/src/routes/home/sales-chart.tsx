import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { VisuallyHidden } from '@mantine/core';
import type { SalesReport } from 'storefront/client';
import { formatMoney } from '../../lib/format';
import { formatDay } from './sales-figures';

/** Sales per day as bars, and the same numbers as a table for screen readers. */
export function SalesChart({ report }: { report: SalesReport }) {
  const data = report.days.map((day) => ({ day: formatDay(day.date), sales: day.total_sales, orders: day.order_count }));
  return (
    <>
      <BarChart
        h={260}
        data={data}
        dataKey="day"
        series={[{ name: 'sales', label: 'Sales', color: 'blue.7' }]}
        valueFormatter={(value) => formatMoney(value, report.currency)}
        tickLine="none"
        gridAxis="x"
        // The table below speaks for the chart: the chart itself is neither read nor focused.
        barChartProps={{ accessibilityLayer: false }}
        aria-hidden
      />
      <VisuallyHidden>
        <table>
          <caption>Sales per day</caption>
          <thead>
            <tr>
              <th>Day</th>
              <th>Sales</th>
              <th>Orders</th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((day) => (
              <tr key={day.date}>
                <td>{formatDay(day.date)}</td>
                <td>{formatMoney(day.total_sales, report.currency)}</td>
                <td>{day.order_count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}

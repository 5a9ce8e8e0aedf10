import '@mantine/dates/styles.css';
import { Stack } from '@mantine/core';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';

/** The date pickers' value: a date and time in the browser's time zone. */
export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Unix seconds as a picker's value (null: not set). */
export const pickerDate = (seconds: number | null) => (seconds === null ? null : dayjs.unix(seconds).format(PICKER_FORMAT));

/** A picker's value as unix seconds, as the API counts time (null: not set). */
export const pickerSeconds = (value: string | null) => (value === null ? null : dayjs(value).unix());

/** The pickers' words and buttons, named for assistive technology. */
const pickerProps: Partial<DateTimePickerProps> = {
  valueFormat: 'DD MMM YYYY HH:mm',
  clearable: true,
  nextLabel: 'Next month',
  previousLabel: 'Previous month',
  submitButtonProps: { 'aria-label': 'Set this date' },
  clearButtonProps: { 'aria-label': 'Clear the date' },
  weekendDays: [],
  styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
  timePickerProps: { hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' },
};

/** Dates promotions start and end on for most: at midnight, tomorrow or later. */
function presets(days: Array<[number, string]>) {
  return days.map(([count, label]) => ({ value: dayjs().add(count, 'day').startOf('day').format(PICKER_FORMAT), label }));
}

type PickerInput = Pick<DateTimePickerProps, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur'>;

/**
 * When something starts and ends (a discount, a price list), one under the other: empty start, at
 * once; empty end, never. `startsAt` and `endsAt` are a form's input props for them.
 */
export function ScheduleFields({ startsAt, endsAt, startsHint, readOnly }: { startsAt: PickerInput; endsAt: PickerInput; startsHint: string; readOnly: boolean }) {
  return (
    <Stack gap="sm">
      <DateTimePicker label="Starts" description={startsHint} placeholder="Now" presets={presets([[1, 'Tomorrow'], [7, 'In a week']])} readOnly={readOnly} {...pickerProps} {...startsAt} />
      <DateTimePicker label="Ends" description="Empty: never" placeholder="Never" presets={presets([[7, 'In a week'], [30, 'In 30 days']])} readOnly={readOnly} {...pickerProps} {...endsAt} />
    </Stack>
  );
}

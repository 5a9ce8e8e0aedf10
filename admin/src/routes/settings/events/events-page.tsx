import { Accordion, Autocomplete, Grid, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { eventKinds, useEvents } from '../../../api/events';
import { AnchorLink } from '../../../components/links';
import { Pager } from '../../../components/pager';
import { ProblemAlert } from '../../../components/problem-alert';
import { useSearchAsTyped } from '../../../components/search-field';
import { PageHeader } from '../page-header';
import type { EventListSearch } from '../search';
import { EventData } from './event-data';

const route = getRouteApi('/_shell/settings/events');

/** What the store recorded, newest first, filtered by kind and by the record it is about. */
export function EventsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const events = useEvents(search);
  const filter = (change: Partial<EventListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }), replace: true });
  const relatedTo = useSearchAsTyped((related_object) => filter({ related_object }));
  const filterKind = (value: string) => {
    const kind = value.trim() === '' ? undefined : value.trim();
    if (kind !== search.kind) filter({ kind });
  };
  const filtered = Boolean(search.id || search.kind || search.related_object);

  return (
    <Stack gap="md">
      <PageHeader title="Events" fetching={events.isFetching} />
      <Paper withBorder p="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Autocomplete
              label="Kind"
              placeholder="Any kind, e.g. order.paid"
              data={eventKinds}
              defaultValue={search.kind ?? ''}
              onChange={(value) => {
                if (value === '' || eventKinds.includes(value)) filterKind(value);
              }}
              // A kind typed whole (one the list does not know yet) applies on leaving the field.
              onBlur={(event) => filterKind(event.currentTarget.value)}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="search"
              label="Related record"
              placeholder="An id: ord_…, prd_…, cus_…"
              defaultValue={search.related_object ?? ''}
              {...relatedTo}
            />
          </Grid.Col>
        </Grid>
        {search.id && (
          <Text size="sm" mt="sm">
            Showing event {search.id} only ·{' '}
            <AnchorLink to="/settings/events" search={{}}>
              show all events
            </AnchorLink>
          </Text>
        )}
      </Paper>
      {events.error ? (
        <ProblemAlert error={events.error} title="The events could not be read" />
      ) : !events.data ? (
        <Loader aria-label="Loading events" />
      ) : events.data.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            {filtered ? 'No event matches these filters.' : 'No events yet: every change to the catalogue, orders and customers writes one.'}
          </Text>
        </Paper>
      ) : (
        <>
          <Accordion variant="contained" chevronPosition="left">
            {events.data.data.map((event) => (
              <EventData key={event.id} event={event} />
            ))}
          </Accordion>
          <Pager pagination={events.data.meta.pagination} noun="events" onPage={(next) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) })} />
        </>
      )}
    </Stack>
  );
}

import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../lib/access';
import { notifyDone } from '../lib/notify';
import { problemOf } from '../lib/problems';
import { LeaveGuard } from './leave-guard';
import { FormAlert } from './problem-alert';
import { Section } from './section';
import { WriteButton } from './write-button';

/** What a record with metadata holds (DESIGN.md §10): string values by key. */
export interface MetadataHolder {
  metadata: Record<string, string | null>;
  private_metadata?: Record<string, string | null>;
}

/** A merge the API takes: keys set, and keys removed with null. */
export type MetadataChanges = { metadata?: Record<string, string | null>; private_metadata?: Record<string, string | null> };

type Kind = 'metadata' | 'private_metadata';
interface Row { id: number; key: string; value: string }

const MAX_KEYS = 50;
const MAX_KEY = 40;
const MAX_VALUE = 500;

let nextRow = 0;
const rowsOf = (map: Record<string, string | null> | undefined): Row[] => Object.entries(map ?? {}).map(([key, value]) => ({ id: nextRow++, key, value: value ?? '' }));

/** The merge that turns `saved` into `rows`: changed and new keys, and null for each key gone. */
export function metadataDiff(saved: Record<string, string | null> | undefined, rows: Row[]): Record<string, string | null> {
  const diff: Record<string, string | null> = {};
  const kept = new Map(rows.filter((row) => row.key.trim() !== '' && row.value !== '').map((row) => [row.key.trim(), row.value]));
  for (const key of Object.keys(saved ?? {})) if (!kept.has(key)) diff[key] = null;
  for (const [key, value] of kept) if (saved?.[key] !== value) diff[key] = value;
  return diff;
}

/** Why a row cannot be saved as it is, or null. */
function rowError(row: Row, rows: Row[]): string | null {
  const key = row.key.trim();
  if (key === '' && row.value !== '') return 'Give the value a key';
  if (key.length > MAX_KEY) return `A key has at most ${MAX_KEY} characters`;
  if (/[[\]]/.test(key)) return 'A key has no [ or ]';
  if (row.value.length > MAX_VALUE) return `A value has at most ${MAX_VALUE} characters`;
  if (key !== '' && rows.filter((other) => other.key.trim() === key).length > 1) return 'This key is there twice';
  return null;
}

function Pairs({ label, description, rows, onChange, editable, serverErrors }: {
  label: string;
  description: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  editable: boolean;
  serverErrors: Record<string, string>;
}) {
  const set = (id: number, change: Partial<Row>) => onChange(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs">
      <div>
        <Text fw={600} size="sm">{label}</Text>
        <Text size="xs" c="dimmed">{description}</Text>
      </div>
      {rows.length === 0 && <Text size="sm" c="dimmed">None</Text>}
      {rows.map((row, index) => (
        <Group key={row.id} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`${label} key ${index + 1}`}
            placeholder="Key"
            value={row.key}
            readOnly={!editable}
            maxLength={MAX_KEY}
            error={rowError(row, rows) ?? serverErrors[row.key.trim()]}
            onChange={(event) => set(row.id, { key: event.currentTarget.value })}
            style={{ flex: 2 }}
          />
          <TextInput
            aria-label={`${label} value ${index + 1}`}
            placeholder="Value"
            value={row.value}
            readOnly={!editable}
            onChange={(event) => set(row.id, { value: event.currentTarget.value })}
            style={{ flex: 3 }}
          />
          {editable && (
            <ActionIcon variant="subtle" color="red" mt={6} aria-label={`Remove ${row.key || `row ${index + 1}`}`} onClick={() => onChange(rows.filter((other) => other.id !== row.id))}>
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
      {editable && (rows.length < MAX_KEYS ? (
        <Group>
          <Button size="xs" variant="default" onClick={() => onChange([...rows, { id: nextRow++, key: '', value: '' }])}>
            Add a field to {label.toLowerCase()}
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">At most {MAX_KEYS} fields</Text>
      ))}
    </Stack>
  );
}

/**
 * A record's metadata and private metadata, edited as rows of key and value and saved as one merge
 * (a removed row sends null). Staff who may not `action` see them read-only.
 */
export function MetadataSection({ record, action, save }: { record: MetadataHolder; action: string; save: (changes: MetadataChanges) => Promise<unknown> }) {
  const { can } = useCan();
  const editable = can(action);
  const [rows, setRows] = useState<Record<Kind, Row[]>>(() => ({ metadata: rowsOf(record.metadata), private_metadata: rowsOf(record.private_metadata) }));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<Kind, Record<string, string>>>({ metadata: {}, private_metadata: {} });
  const changes: MetadataChanges = {};
  for (const kind of ['metadata', 'private_metadata'] as const) {
    const diff = metadataDiff(record[kind], rows[kind]);
    if (Object.keys(diff).length > 0) changes[kind] = diff;
  }
  const dirty = Object.keys(changes).length > 0;
  const invalid = (['metadata', 'private_metadata'] as const).some((kind) => rows[kind].some((row) => rowError(row, rows[kind]) !== null));

  async function submit() {
    setSaving(true);
    setMessage(null);
    try {
      const saved = (await save(changes)) as MetadataHolder | undefined;
      setServerErrors({ metadata: {}, private_metadata: {} });
      if (saved) setRows({ metadata: rowsOf(saved.metadata), private_metadata: rowsOf(saved.private_metadata) });
      notifyDone('Metadata saved');
    } catch (error) {
      const problem = problemOf(error);
      const errors: Record<Kind, Record<string, string>> = { metadata: {}, private_metadata: {} };
      for (const field of problem.errors ?? []) {
        const match = /^(metadata|private_metadata)\[(.*)\]$/.exec(field.field);
        if (match) errors[match[1] as Kind][match[2]!] = field.message;
      }
      setServerErrors(errors);
      setMessage(problem.detail);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Section title="Metadata">
      <form onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Stack gap="md">
          <Pairs label="Metadata" description="Seen by apps and by the storefront wherever the record shows" rows={rows.metadata} editable={editable}
            serverErrors={serverErrors.metadata} onChange={(next) => setRows({ ...rows, metadata: next })} />
          <Pairs label="Private metadata" description="Seen by staff and their apps only, never by the storefront" rows={rows.private_metadata} editable={editable}
            serverErrors={serverErrors.private_metadata} onChange={(next) => setRows({ ...rows, private_metadata: next })} />
          <FormAlert message={message} />
          {editable && (
            <Group justify="flex-end">
              {dirty && <Text size="sm" c="dimmed">Unsaved changes</Text>}
              <WriteButton action={action} type="submit" loading={saving} disabled={!dirty || invalid}>
                Save metadata
              </WriteButton>
            </Group>
          )}
        </Stack>
        <LeaveGuard when={dirty && !saving} />
      </form>
    </Section>
  );
}

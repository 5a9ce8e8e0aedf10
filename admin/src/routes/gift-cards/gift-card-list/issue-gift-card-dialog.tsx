import { Alert, Button, Code, CopyButton, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useIssueGiftCard, type GiftCard } from '../../../api/gift-cards';
import { useStore } from '../../../api/store';
import { FormDialog } from '../../../components/form-dialog';
import { formatMoney, minorDigits, toMinor } from '../../../lib/format';
import { useServerErrors } from '../../../lib/use-server-errors';

const YEAR = 365 * 24 * 60 * 60;
const expiries = [
  { value: '0', label: 'Never' },
  { value: '1', label: 'In 1 year' },
  { value: '2', label: 'In 2 years' },
  { value: '5', label: 'In 5 years' },
];

interface Values {
  value: number | string;
  currency: string;
  expires: string;
  note: string;
}

/**
 * Issues a gift card, then shows its whole code — the one time it is ever shown — with a button that
 * copies it, until staff close it; the card's page follows.
 */
export function IssueGiftCardDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const issue = useIssueGiftCard();
  const navigate = useNavigate();
  const storeCurrency = useStore().data?.currency ?? 'USD';
  const [issued, setIssued] = useState<GiftCard | null>(null);
  const form = useForm<Values>({
    initialValues: { value: '', currency: storeCurrency, expires: '0', note: '' },
    validate: { value: (value) => (value === '' ? 'Enter a value' : null) },
  });
  const problems = useServerErrors(form, ['initial_value', 'currency', 'expires_at', 'note'], (path) => (path === 'initial_value' ? 'value' : path === 'expires_at' ? 'expires' : path));
  useEffect(() => {
    if (!opened) return;
    form.setValues({ value: '', currency: storeCurrency, expires: '0', note: '' });
    form.resetDirty();
    problems.clear();
  }, [opened]);

  const currency = /^[A-Za-z]{3}$/.test(form.values.currency) ? form.values.currency.toUpperCase() : storeCurrency;
  const submit = form.onSubmit((values) => {
    problems.clear();
    const years = Number(values.expires);
    issue.mutate(
      {
        initial_value: toMinor(Number(values.value), currency),
        currency: values.currency.trim().toUpperCase(),
        ...(years > 0 ? { expires_at: Math.floor(Date.now() / 1000) + years * YEAR } : {}),
        ...(values.note.trim() === '' ? {} : { note: values.note.trim() }),
      },
      {
        onSuccess: (card) => {
          onClose();
          setIssued(card);
        },
        onError: problems.show,
      },
    );
  });

  const done = () => {
    const card = issued;
    setIssued(null);
    if (card) void navigate({ to: '/gift-cards/$giftCardId', params: { giftCardId: card.id } });
  };

  return (
    <>
      <FormDialog action="gift_card.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title="Issue gift card" onSubmit={submit} message={problems.message} submit="Issue gift card" pending={issue.isPending}>
        <NumberInput
          label={`Value (${currency})`}
          required
          data-autofocus
          decimalScale={minorDigits(currency)}
          fixedDecimalScale
          min={0}
          allowNegative={false}
          hideControls
          clampBehavior="none"
          {...form.getInputProps('value')}
        />
        <TextInput label="Currency" description="ISO 4217: the card pays only for orders in it" maxLength={3} {...form.getInputProps('currency')} />
        <Select label="Expires" data={expiries} allowDeselect={false} {...form.getInputProps('expires')} />
        <Textarea label="Note" description="For staff; the buyer never sees it" autosize minRows={2} {...form.getInputProps('note')} />
      </FormDialog>
      <Modal opened={issued !== null} onClose={done} title="Gift card issued" closeOnClickOutside={false}>
        {issued && (
          <Stack>
            <Text>
              A card of {formatMoney(issued.initial_value, issued.currency)} was issued. Its code:
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Code fz="lg" fw={700} style={{ letterSpacing: 1 }} aria-label="Gift card code">
                {issued.code}
              </Code>
              <CopyButton value={issued.code ?? ''}>
                {({ copied, copy }) => (
                  <Button variant="light" size="xs" onClick={copy}>
                    {copied ? 'Copied' : 'Copy code'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Alert color="yellow" variant="light" role="status" title="This code will not be shown again" styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}>
              Copy it now and give it to the buyer: from here on the dashboard shows only its last four characters.
            </Alert>
            <Group justify="flex-end">
              <Button onClick={done}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

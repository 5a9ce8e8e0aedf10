import { Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Store } from 'storefront/client';
import { storeKeys, useStore, useUpdateStore } from '../../../api/store';
import { LeaveGuard } from '../../../components/leave-guard';
import { FormAlert, ProblemAlert } from '../../../components/problem-alert';
import { WriteButton } from '../../../components/write-button';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { changesOf, storeFields, valuesOf, type StoreValues } from './store-fields';
import { AddressSection, BusinessSection, GeneralSection, RegionSection } from './store-sections';

/** The store's own settings: what it is called, how it counts money and weight, where it is. */
export function StorePage() {
  const store = useStore();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Store</Title>
        {store.data && <SaveButton />}
      </Group>
      {store.error ? <ProblemAlert error={store.error} title="The store could not be read" /> : !store.data ? <Loader aria-label="Loading the store" /> : <StoreForm store={store.data} />}
    </Stack>
  );
}

const FORM_ID = 'store-settings';

/** Saves the form from above it, where staff see it however far down they are. */
function SaveButton() {
  const saving = useIsMutating({ mutationKey: storeKeys.all }) > 0;
  return (
    <WriteButton action="store.update" type="submit" form={FORM_ID} loading={saving}>
      Save settings
    </WriteButton>
  );
}

function StoreForm({ store }: { store: Store }) {
  const save = useUpdateStore();
  const form = useForm<StoreValues>({
    initialValues: valuesOf(store),
    validate: { name: (value) => (value.trim() === '' ? 'Enter the store’s name' : null) },
  });
  const problems = useServerErrors(form, storeFields);
  // Settings saved elsewhere show once read again, unless staff are editing.
  useEffect(() => {
    if (!form.isDirty()) form.setValues(valuesOf(store));
    form.resetDirty(valuesOf(store));
  }, [store.updated_at]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    save.mutate(changesOf(values, form.isDirty), { onSuccess: () => notifyDone('Store settings saved'), onError: problems.show });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Store settings" id={FORM_ID}>
      <Stack gap="md">
        {/* Beside the save button, which is above the form. */}
        <FormAlert message={problems.message} />
        <LeaveGuard when={form.isDirty() && !save.isPending} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <GeneralSection form={form} />
          <RegionSection form={form} />
          <AddressSection form={form} />
          <BusinessSection form={form} />
        </SimpleGrid>
      </Stack>
    </form>
  );
}

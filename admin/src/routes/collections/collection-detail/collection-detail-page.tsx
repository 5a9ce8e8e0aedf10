import { Badge, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Collection } from 'storefront/client';
import { useCollection, useDeleteCollection, useUpdateCollection } from '../../../api/collections';
import { MetadataSection } from '../../../components/metadata-section';
import { RecordFrame } from '../../../components/record-frame';
import { Section } from '../../../components/section';
import { LanguageSwitcher, TranslationEditor } from '../../../components/translation-editor';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { languageName } from '../../../lib/locales';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { CollectionForm } from './collection-form';
import { CollectionMembers } from './collection-members';

const route = getRouteApi('/_shell/collections/$collectionId');

/** One collection: its fields, and its products (picked by hand, or by its rules with a preview). */
export function CollectionDetailPage() {
  const { collectionId } = route.useParams();
  const collection = useCollection(collectionId);
  const update = useUpdateCollection(collectionId);
  // The language edited: null for the store's own (the collection's form), else a translation's locale.
  const [locale, setLocale] = useState<string | null>(null);

  return (
    <RecordFrame query={collection} noun="collection" back={{ to: '/collections', label: 'Collections' }}>
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1}>{data.title}</Title>
                <Badge variant="light" color={data.kind === 'smart' ? 'violet' : 'blue'}>
                  {data.kind === 'smart' ? 'Smart' : 'Hand-picked'}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Updated {formatTime(data.updated_at)} · {data.id}
              </Text>
            </Stack>
            <Group gap="sm" align="flex-end">
              <LanguageSwitcher value={locale} onChange={setLocale} />
              <DeleteCollection collection={data} />
            </Group>
          </Group>
          {locale ? (
            <Section title={`Text in ${languageName(locale)}`}>
              <TranslationEditor record={data} locale={locale} action="collection.update" title="Collection" save={(change) => update.mutateAsync({ title: data.title, kind: data.kind, ...change })} />
            </Section>
          ) : data.kind === 'products' ? (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <CollectionForm key={data.updated_at} collection={data} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <CollectionMembers collection={data} />
              </Grid.Col>
            </Grid>
          ) : (
            <CollectionForm key={data.updated_at} collection={data} />
          )}
          {/* An update names what a collection requires; what it leaves out stays as it is. */}
          <MetadataSection
            key={`metadata-${data.updated_at}`}
            record={data}
            action="collection.update"
            save={(changes) => update.mutateAsync({ title: data.title, kind: data.kind, ...changes })}
          />
        </>
      )}
    </RecordFrame>
  );
}

function DeleteCollection({ collection }: { collection: Collection }) {
  const remove = useDeleteCollection(collection.id);
  const navigate = useNavigate();
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Delete the collection?',
      children: (
        <Text size="sm">
          “{collection.title}” goes for good, with its {collection.kind === 'smart' ? 'rules' : 'order of products'}; this cannot be undone. Its products stay in the
          catalogue.
        </Text>
      ),
      labels: { confirm: 'Delete collection', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifyDone('Collection deleted');
            void navigate({ to: '/collections' });
          },
          onError: (error) => notifyProblem('The collection was not deleted', error),
        }),
    });
  return (
    <WriteButton action="collection.delete" variant="default" color="red" onClick={confirm} loading={remove.isPending}>
      Delete collection
    </WriteButton>
  );
}

import { ActionIcon, Badge, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LOCALE_PATTERN } from './market-values';

/**
 * A market's locales as an ordered list, the first its default: staff add one (`fr`, `fr-BE`), make
 * another the default (it moves to the top) or take one out. The server's error on `locales[i]`
 * shows beside that locale.
 */
export function LocalesField({ value, onChange, error, errorOf, readOnly }: {
  value: string[];
  onChange: (locales: string[]) => void;
  error?: string;
  errorOf: (index: number) => string | undefined;
  readOnly: boolean;
}) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const locale = typed.trim();
    if (locale === '') return;
    if (!LOCALE_PATTERN.test(locale)) return setProblem('A language code, such as fr or fr-BE');
    if (value.includes(locale)) return setProblem(`${locale} is in the list already`);
    onChange([...value, locale]);
    setTyped('');
    setProblem(null);
  };
  return (
    <Input.Wrapper label="Languages" description="The first is the market’s default: what its buyers read unless they ask for another." error={error}>
      <Stack gap={6} mt={6}>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            None yet: add the market’s language.
          </Text>
        )}
        <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Languages, default first">
          {value.map((locale, index) => (
            <li key={locale}>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} w={56}>
                  {locale}
                </Text>
                {index === 0 ? (
                  <Badge size="sm" variant="light" radius="sm">
                    Default
                  </Badge>
                ) : (
                  !readOnly && (
                    <Button size="compact-xs" variant="subtle" onClick={() => onChange([locale, ...value.filter((other) => other !== locale)])} aria-label={`Make ${locale} the default`}>
                      Make default
                    </Button>
                  )
                )}
                {!readOnly && (
                  <ActionIcon size="sm" variant="subtle" color="red" onClick={() => onChange(value.filter((other) => other !== locale))} aria-label={`Remove ${locale}`}>
                    ×
                  </ActionIcon>
                )}
                {errorOf(index) && (
                  <Text size="xs" c="red.8">
                    {errorOf(index)}
                  </Text>
                )}
              </Group>
            </li>
          ))}
        </Stack>
        {!readOnly && (
          <Group gap="xs" align="flex-start">
            <TextInput
              aria-label="Add a language"
              placeholder="fr, fr-BE"
              size="xs"
              w={120}
              value={typed}
              error={problem}
              onChange={(event) => setTyped(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button size="xs" variant="default" onClick={add}>
              Add language
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

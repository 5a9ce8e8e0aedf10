import { Alert, List } from '@mantine/core';

/** The files the server refused to store, each by its name with the server's reason. */
export function RefusedUploads({ refused, onDismiss }: { refused: Array<{ name: string; reason: string }>; onDismiss: () => void }) {
  if (refused.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="Some files were not uploaded" withCloseButton closeButtonLabel="Dismiss" onClose={onDismiss}>
      <List size="sm">
        {refused.map((file, index) => (
          <List.Item key={`${file.name}-${index}`}>
            {file.name}: {file.reason}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

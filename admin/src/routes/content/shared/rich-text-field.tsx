import '@mantine/tiptap/styles.css';
import { Button, Input, Popover, Stack, Text, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { useUploadFile } from '../../../api/products';
import { notifyProblem } from '../../../lib/notify';

/** What an emptied editor holds: saved as no body at all. */
const EMPTY = '<p></p>';

/** What an image says to those who cannot see it, until staff describe it: its file's name, in words. */
const altOf = (file: File) => file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();

const imagesOf = (files: FileList | File[] | null | undefined) => [...(files ?? [])].filter((file) => file.type.startsWith('image/'));

/**
 * An HTML body written with a toolbar (headings, lists, links, quotes, code, images). It makes only
 * markup the server keeps; the server sanitises whatever is sent anyway, and the body it stores comes
 * back here. Images are uploaded as files (`POST /v1/files`) whether picked, dropped or pasted, and
 * placed where the cursor or the drop is, described by their alt text.
 */
export function RichTextField({ label, value, onChange, error, readOnly }: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  readOnly: boolean;
}) {
  const id = useId();
  const upload = useUploadFile();
  // The editor, for its own drop and paste handlers, which are set before it exists.
  const editorRef = useRef<Editor | null>(null);
  const insertImages = async (target: Editor, files: File[], at?: number) => {
    for (const file of files) {
      try {
        const stored = await upload.mutateAsync(file);
        const image = { type: 'image', attrs: { src: stored.url, alt: altOf(file) } };
        if (at === undefined) target.chain().focus().insertContent(image).run();
        else target.chain().focus().insertContentAt(at, image).run();
      } catch (failure) {
        notifyProblem(`${file.name} was not uploaded`, failure);
      }
    }
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, trailingNode: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto'], defaultProtocol: 'https' }),
      Image,
    ],
    content: value,
    editable: !readOnly,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
      handleDrop: (view, event) => {
        const files = imagesOf(event.dataTransfer?.files);
        if (files.length === 0 || readOnly || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(editorRef.current, files, at);
        return true;
      },
      handlePaste: (_view, event) => {
        const files = imagesOf(event.clipboardData?.files);
        if (files.length === 0 || readOnly || !editorRef.current) return false;
        event.preventDefault();
        void insertImages(editorRef.current, files);
        return true;
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  });

  editorRef.current = editor;

  // A body that changed elsewhere (saved, and read back sanitised) replaces what the editor shows.
  useEffect(() => {
    if (!editor) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (value !== shown && !(value === '' && shown === EMPTY)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => editor?.setEditable(!readOnly), [editor, readOnly]);

  return (
    <Input.Wrapper label={label} labelElement="div" id={id} error={error} errorProps={{ id: `${id}-error` }} labelProps={{ id: `${id}-label` }}>
      <RichTextEditor editor={editor} mt={4}>
        {!readOnly && (
          <RichTextEditor.Toolbar sticky stickyOffset={56}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.Code />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.H4 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.CodeBlock />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <InsertImageControl onFiles={(files) => editor && insertImages(editor, files)} uploading={upload.isPending} />
              <ImageAltControl />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={240} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

/** The toolbar's image button: picks image files to upload and place at the cursor. */
function InsertImageControl({ onFiles, uploading }: { onFiles: (files: File[]) => void; uploading: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <RichTextEditor.Control aria-label="Insert image" title="Insert image" disabled={uploading} onClick={() => input.current?.click()}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect x="3" y="3" width="18" height="18" rx="2" />
          <circle cx="8.5" cy="8.5" r="1.5" />
          <path d="M21 15l-5-5L5 21" />
        </svg>
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Image files to insert"
        onChange={(event) => {
          onFiles(imagesOf(event.currentTarget.files));
          event.currentTarget.value = '';
        }}
      />
    </>
  );
}

/** Describes the selected image (its alt text), for those who cannot see it. */
function ImageAltControl() {
  const { editor } = useRichTextEditorContext();
  const selected = useEditorState({ editor, selector: ({ editor: current }) => (current?.isActive('image') ? String(current.getAttributes('image').alt ?? '') : null) });
  const [opened, setOpened] = useState(false);
  const [alt, setAlt] = useState('');
  if (selected === null || selected === undefined) return null;
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom" withArrow>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label="Describe the image"
          title="Describe the image"
          onClick={() => {
            setAlt(selected);
            setOpened((open) => !open);
          }}
        >
          <Text size="xs" fw={700}>
            Alt
          </Text>
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput label="Image description" description="Read aloud to those who cannot see it" value={alt} onChange={(event) => setAlt(event.currentTarget.value)} data-autofocus />
          <Button
            size="xs"
            onClick={() => {
              editor?.chain().focus().updateAttributes('image', { alt: alt.trim() }).run();
              setOpened(false);
            }}
          >
            Save description
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

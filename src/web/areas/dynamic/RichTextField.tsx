// The rich-text field of the content editor: Mantine's TipTap editor (headings, bold/italic/underline,
// lists, quote, code, links, images). Loaded on demand (React.lazy in ContentEditorScreen), so TipTap and
// its styles never enter the first download. Images are checked (JPG or PNG only), uploaded through the
// file API and shown with a signed link; the server keeps only our own file address and sanitises the rest.
import { IMAGE_EXTENSIONS } from '../../../shared/file-types'
import '@mantine/tiptap/styles.css'
import { useLingui } from '@lingui/react/macro'
import { Input } from '@mantine/core'
import { getUploadImageExtension, Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap'
import Image from '@tiptap/extension-image'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import type { ReactNode } from 'react'
import { isApiError } from '../../api/api-error'
import { fileLink } from '../../api/queries/files'
import { uploadFile } from '../../api/upload'
import { extensionOf } from '../../forms/file-checks'
import { showError } from '../../forms/notify'

class WrongImageType extends Error {}

export interface RichTextFieldProps {
  label: string
  value: string
  onChange: (html: string) => void
  error?: ReactNode
  required?: boolean
  'data-testid'?: string
}

export default function RichTextField({
  label,
  value,
  onChange,
  error,
  required,
  'data-testid': testId,
}: RichTextFieldProps) {
  const { t } = useLingui()
  const upload = async (file: File) => {
    if (!IMAGE_EXTENSIONS.includes(extensionOf(file.name))) throw new WrongImageType()
    const stored = await uploadFile(file, { purpose: 'image' })
    const { links } = await fileLink(stored.id)
    return { src: links[0].url, alt: '' }
  }
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'] }),
      getUploadImageExtension(Image, {
        onImageUpload: upload,
        onImageUploadError: (_file, problem) =>
          showError(
            problem instanceof WrongImageType
              ? t`Only JPG or PNG images can be put in the text`
              : isApiError(problem)
                ? problem.message
                : t`The image could not be uploaded`,
          ),
      }),
    ],
    content: value,
    // The editable area is named by the field's label (it is not a native input the label could point at).
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  })
  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t`Bold`,
    italicControlLabel: t`Italic`,
    underlineControlLabel: t`Underline`,
    strikeControlLabel: t`Strikethrough`,
    h2ControlLabel: t`Heading`,
    h3ControlLabel: t`Subheading`,
    bulletListControlLabel: t`Bulleted list`,
    orderedListControlLabel: t`Numbered list`,
    blockquoteControlLabel: t`Quote`,
    codeControlLabel: t`Code`,
    linkControlLabel: t`Link`,
    unlinkControlLabel: t`Remove link`,
    imageUploadControlLabel: t`Insert an image`,
    undoControlLabel: t`Undo`,
    redoControlLabel: t`Redo`,
    linkEditorInputLabel: t`Link address`,
    linkEditorInputPlaceholder: 'https://',
    linkEditorExternalLink: t`Opens in a new tab`,
    linkEditorInternalLink: t`Opens in the same tab`,
    linkEditorSave: t`Save`,
  }
  return (
    <Input.Wrapper label={label} error={error} required={required} data-testid={testId}>
      <RichTextEditor editor={editor} labels={labels} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.ImageUpload accept="image/jpeg,image/png" />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} data-testid={testId ? `${testId}-content` : undefined} />
      </RichTextEditor>
    </Input.Wrapper>
  )
}

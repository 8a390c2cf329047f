// The former name of the kit's upload control, kept for imports not yet moved to FileUpload.
export {
  FileUpload as FileListUpload,
  type FileUploadProps as FileListUploadProps,
  storedFilesQuery,
} from './FileUpload'

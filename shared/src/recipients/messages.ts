/**
 * Every user-facing text of the recipients screen (spec: certificate-operations §2.1, §2.2, §5, §8).
 * Quoted spec messages are kept word for word; the rest are ours and say what to do next.
 */
export const recipientMessages = {
  // §8 successes and failures
  success: 'Success',
  emailCopiedAsKey: 'Email is updated successfully as PK',
  recipientUpdated: 'Student Informations are updated successfully',
  invitationsSent: 'Sent invitation to selected students successfully',
  pleaseWait: 'Please wait a few minutes.',
  genericFailure: 'Oops, Went something wrong',
  photoUploadFailed: 'Photo file upload failed.',
  excelUploadFailed: 'Excel file upload failed.',
  noCohorts: 'There are no added cohorts',
  deleteIssuedConfirm:
    'The cohort has Issued certificates, Only generated certificates can be deleted. Proceed?',

  // §5 selection
  noSelectedStudents: 'There is no selected students',
  selectCorrectItems: 'Please select correct items',

  // §5 uploads
  selectFile: 'Please select the file',
  wrongFileFormat: 'Please select correct file format.',
  photoNameHasSpace: 'Photo file name has space string. Please remove space string from file name.',
  excelNameHasSpace: 'Excel file name has space string. Please remove space string from file name.',
  noSelectedCohort: 'There is no selected cohort. Please retry after upload student excel sheet.',

  // §5 programme import
  chooseLevel: 'You must choose at least one of your undergraduate and postgraduate.',

  // Ours: uploads
  fileTooLarge: (limitMb: number) => `The file is too large. The limit is ${limitMb} MB.`,
  fileEmpty: 'The file is empty.',
  fileNotUploaded: 'The file has not been uploaded yet. Upload it to the given URL, then import it.',
  uploadAlreadyImported: 'This upload has already been imported.',
  uploadExpired: 'This upload has expired. Please upload the file again.',
  fileNameInvalid: 'The file name may only contain letters, digits, dots, dashes and underscores.',
  sheetUnreadable:
    'The Excel file could not be read: it is damaged or not an .xlsx workbook. Save it again as .xlsx and retry.',
  sheetNoRows: 'The Excel sheet has no student rows.',
  imageUnreadable: (name: string) =>
    `${name} could not be read as an image: it is damaged or incomplete. Save it again as PNG or JPEG and retry.`,
  imageTooManyPixels: (name: string, maxMegapixels: number) =>
    `${name} is too large in pixels. The limit is ${maxMegapixels} megapixels.`,
  pdfUnreadable: (name: string) =>
    `${name} could not be read as a PDF: it is damaged, encrypted or not a PDF. Save it again as PDF and retry.`,
  sheetTooWide: (max: number) =>
    `The Excel sheet uses columns beyond the ${max}th. Remove the cells far to the right (the layout needs far fewer columns).`,
  sheetTooManyCells: (max: number) =>
    `The Excel sheet has more than ${max.toLocaleString('en')} cells. Remove unused cells or split it.`,
  sheetTooManyRows: (max: number) => `The Excel sheet has more than ${max} student rows. Please split it.`,
  sheetMissingColumns: (names: string[]) =>
    `The Excel sheet is missing the column${names.length > 1 ? 's' : ''} ${names.join(', ')}. Download the sample sheet for the layout.`,
  sheetBadRows: (count: number) =>
    `The Excel sheet was not imported: ${count} row${count > 1 ? 's have' : ' has'} problems. Correct ${count > 1 ? 'them' : 'it'} and upload the sheet again.`,
  rowStudentIdMissing: 'Student ID is empty',
  rowStudentIdInvalid:
    'Student ID may only contain letters, digits, dots, dashes and underscores (at most 64)',
  rowStudentIdDuplicate: (firstRow: number) => `Student ID repeats row ${firstRow}`,
  rowFirstNameMissing: 'First Name is empty',
  rowNameUnsafe: (label: string) =>
    `${label} contains control characters, invisible direction marks or broken characters`,
  rowNameTooLong: (column: string) => `${column} is longer than 100 characters`,
  rowEmailMissing: 'Email is empty',
  rowEmailInvalid: 'Email is not a valid email address',
  rowSecondEmailInvalid: 'Second Email is not a valid email address',
  rowExtraTooLong: (column: string) => `${column} is longer than 500 characters`,

  // Ours: zip archives
  zipUnreadable: 'The zip file could not be read: it is damaged or not a zip archive.',
  zipTooManyEntries: (max: number) => `The zip file has more than ${max} files. Please split it.`,
  zipTooLargeUnpacked: (maxMb: number) => `The zip file unpacks to more than ${maxMb} MB. Please split it.`,
  zipCompressionRatio: (max: number) =>
    `The zip file is compressed more than ${max}:1, which is how harmful "zip bombs" look. It was refused.`,
  zipUnsafePath: (name: string) =>
    `The zip file has an unsafe entry "${name}" (an absolute path, ".." or a link). It was refused.`,
  zipEncrypted: (name: string) =>
    `The zip file has an encrypted entry "${name}". Please zip the files without a password.`,
  zipUnsupportedEntry: (name: string) =>
    `The zip file has a file of a type that cannot be imported: "${name}". Only .xlsx, .pdf, .png, .jpg and .jpeg files are allowed.`,
  zipEntryWrongContent: (name: string) =>
    `"${name}" is not what its name says: its content is of another type.`,
  zipEntryNameHasSpace: (name: string) => `"${name}": file names must not contain spaces.`,
  zipManySheets: 'The zip file may contain at most one Excel sheet.',
  zipNothingToImport: 'The zip file contains nothing to import.',
  zipEntryTooLarge: (name: string, limitMb: number) => `"${name}" is larger than ${limitMb} MB.`,

  // Ours: matching photos and documents to students
  noSuchStudentForFile: (name: string) =>
    `"${name}" does not match the Student ID of any student in the cohort.`,
  filesUnmatched: (count: number) =>
    `Nothing was imported: ${count} file${count > 1 ? 's do' : ' does'} not match a student of the cohort. The file name (without extension) must be the Student ID.`,
  importDone: (recipients: number, photos: number, documents: number) =>
    `Imported ${recipients} student${recipients === 1 ? '' : 's'}, ${photos} photo${photos === 1 ? '' : 's'} and ${documents} document${documents === 1 ? '' : 's'}.`,
  importQueued: 'The file is being imported. Please wait a few minutes.',

  // Ours: cohorts and recipients
  cohortIdInvalid:
    'The cohort may only contain letters, digits, spaces, dots, dashes and underscores (at most 100 characters).',
  cohortExists: 'A cohort with this name already exists.',
  cohortCreated: 'The cohort was created.',
  noSuchCohort: 'There is no such cohort.',
  noSuchStudent: 'There is no such student.',
  noPhoto: 'There is no photo for this student.',
  noDocument: 'No document or photo was uploaded for this recipient.',
  invalidEmail: 'Please enter a valid email address.',
  firstNameRequired: 'Please enter the first name.',
  deleted: (count: number, kept: number) =>
    kept
      ? `Deleted ${count} student${count === 1 ? '' : 's'}. ${kept} with issued certificates ${kept === 1 ? 'was' : 'were'} kept.`
      : `Deleted ${count} student${count === 1 ? '' : 's'}.`,
  nothingToInvite:
    'None of the selected students is waiting for an invitation: they have already registered a public key or received a certificate.',
  invitationsQueued: (count: number) =>
    `Please wait a few minutes. Invitations to ${count} students are being sent.`,
  tooManySelected: (max: number) => `Please select at most ${max} students.`,

  // Ours: programme import
  apiModeOff: 'Programme import is available when API mode is turned on in the settings.',
  noProgrammeSelected: 'Please select at least one batch.',
  programmeSourceFailed: 'The programme source did not answer. Please try again later.',
  programmesImported: (cohorts: number, students: number) =>
    `Imported ${students} student${students === 1 ? '' : 's'} into ${cohorts} cohort${cohorts === 1 ? '' : 's'}.`,
} as const;

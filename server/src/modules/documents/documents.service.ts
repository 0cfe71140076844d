import {
  maskAccountNumber,
  uploadLimitBytes,
  uploadLimitWords,
  type CalendarDate,
  type UploadFormat,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import type {
  DocumentStore,
  FileType,
  KeptDocument,
  OpenedDocument,
  RecordUpload,
  StoredDocument,
  UploadTarget,
} from '../../core/document-store';
import type { CustomerRef, ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { SignedInCaller } from '../../lib/caller';
import type { AuditLog } from '../audit/audit.service';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import { HOUR_MS, type ThrottleService } from '../throttle/throttle.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import {
  checkIncomingFile,
  UploadBrokenOff,
  UploadTooLarge,
  type IncomingFileStream,
} from './upload-policy';

/** Whose documents: the customer the signed-in user (or a passable token) belongs to. */
export type DocumentsCustomer = Pick<SignedInCaller, 'institutionId' | 'customerId'>;

/** Who uploads: the signed-in borrower (the work item and the audit entry name them). */
export type UploadCaller = Pick<
  SignedInCaller,
  'institutionId' | 'customerId' | 'userId' | 'email'
>;

/** Applications are looked up whatever their age (the list call shows the last 30 days). */
const EVERY_APPLICATION_SINCE = '1900-01-01';

/** An upload as the form sent it: the target's number and the file type as typed, the file. */
export interface UploadRequest {
  target: { kind: 'account' | 'application'; number: string } | { kind: 'customer' };
  /** The FileTypeID field as sent ('' when missing). */
  fileTypeId: string;
  /**
   * The file part: its name, its bytes as they arrive, and whether the rest of the request was
   * read well (settles once the request's body is read to its end).
   */
  file: { name: string; stream: IncomingFileStream; bodyRead: Promise<void> } | undefined;
  receivedAt: Date;
  /** The institution's today (an account is looked up as of it). */
  today: CalendarDate;
}

/**
 * Why an upload was refused, in the order the checks run; nothing is stored then. `unreadable`:
 * the request broke off or was malformed (not audited: nobody may be there to answer).
 */
export type UploadRefusal =
  | 'accountNotFound'
  | 'applicationNotFound'
  | 'fileTypeRequired'
  | 'noFile'
  | 'emptyFile'
  | 'unsupportedFormat'
  | 'formatMismatch'
  | 'tooLarge'
  | 'unreadable';

/** A refused upload; one over the limit says the institution's limit (`limitBytes`). */
export type UploadRefused =
  | { stored: false; refusal: 'tooLarge'; limitBytes: number }
  | { stored: false; refusal: Exclude<UploadRefusal, 'tooLarge'> };

export type UploadOutcome =
  { stored: true; document: StoredDocument; workItemId: string } | UploadRefused;

/** Whether the caller may upload now: past the hourly limit, when the window ends. */
export type UploadAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Refusals of one user's uploads written to the audit log in an hour: the next one is written
 * saying that further ones go unrecorded until the hour ends, and they do. The hourly upload
 * limit (documentUploadsPerHourPerUser, 50 by default) bounds uploads; this bounds what a
 * borrower retrying a refused file, or a script, adds to staff's audit log.
 */
export const REFUSALS_AUDITED_PER_HOUR = 10;

/** Why each refusal is, in the audit log's words (`unreadable` is not audited). */
const REFUSAL_WORDS: Readonly<Record<Exclude<UploadRefusal, 'tooLarge'>, string>> = {
  accountNotFound: 'the account is not one of theirs',
  applicationNotFound: 'the application is not one of theirs',
  fileTypeRequired: 'no file type of the institution was chosen',
  noFile: 'no file was sent',
  emptyFile: 'the file is empty',
  unsupportedFormat: 'the file is not a PDF, JPEG, PNG or TIFF document',
  formatMismatch: 'the content is not the format its name says',
  unreadable: 'the request broke off or could not be read',
};

function refusalWords(refused: UploadRefused): string {
  return refused.refusal === 'tooLarge'
    ? `the file is larger than the institution's limit of ${uploadLimitWords(refused.limitBytes)}`
    : REFUSAL_WORDS[refused.refusal];
}

/**
 * The file services' documents of the accounts area (spec 002 section 7). Every call answers only
 * for the customer's own accounts, applications and documents: another's answer as ones that do
 * not exist.
 */
export interface DocumentsService {
  /** The account's documents, newest first; undefined when the account is not the customer's. */
  accountDocuments(
    customer: DocumentsCustomer,
    accountNumber: string,
    today: CalendarDate,
  ): Promise<StoredDocument[] | undefined>;
  /** The application's documents; undefined when the application is not the customer's. */
  applicationDocuments(
    customer: DocumentsCustomer,
    applicationNumber: string,
  ): Promise<StoredDocument[] | undefined>;
  /**
   * The customer's own documents (the profile's, about no account or application), newest
   * first; undefined when the institution has no file services.
   */
  customerDocuments(customer: DocumentsCustomer): Promise<StoredDocument[] | undefined>;
  /** One of the customer's documents with its bytes (a stream). */
  open(customer: DocumentsCustomer, fileId: string): Promise<OpenedDocument | undefined>;
  /** The institution's file types; undefined when it has no file services. */
  fileTypes(institutionId: number): Promise<FileType[] | undefined>;
  /** Whether the institution takes uploads (file services on, upload area not hidden). */
  takesUploads(institutionId: number): Promise<boolean>;
  /**
   * Counts an upload against the user's hourly limit (securityPolicyOptions
   * .documentUploadsPerHourPerUser), kept or refused alike; past it the upload must not be read.
   * The first one refused in a window is written to the audit log.
   */
  admitUpload(caller: UploadCaller): Promise<UploadAdmission>;
  /**
   * Checks an upload (its target, file type and file, in that order), streams it to the store,
   * and puts it in the work queue and the audit log with the stored row; a refusal is audited.
   */
  upload(caller: UploadCaller, request: UploadRequest): Promise<UploadOutcome>;
}

const refused = (refusal: Exclude<UploadRefusal, 'tooLarge'>): UploadRefused => ({
  stored: false,
  refusal,
});

/** A FileTypeID: a positive whole number (then one of the institution's file types). */
function fileTypeIdOf(text: string): number | undefined {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  return id > 0 ? id : undefined;
}

/** The file's own name as staff read it: no path, no control characters, at most 200 long. */
export function fileNameOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || 'Document';
}

/** 2,048 bytes as "2.0 KB (2,048 bytes)"; KB and MB of 1,024. */
export function sizeInWords(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < 1024) return exact;
  const [amount, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1048576, 'MB'];
  return `${amount.toFixed(1)} ${unit} (${exact})`;
}

/** What the upload is about, for staff: the account masked, the application, or the profile. */
function targetWords(target: UploadTarget): string {
  if (target.kind === 'account') {
    return target.number
      ? `account ${maskAccountNumber(target.number)}`
      : 'an account of no number';
  }
  if (target.kind === 'application') return `application ${target.number}`;
  return 'the profile';
}

function targetDetails(target: UploadTarget): Record<string, string> {
  if (target.kind === 'account') return { account: maskAccountNumber(target.number) };
  if (target.kind === 'application') return { application: target.number };
  return { about: 'The borrower’s own (profile) documents' };
}

/** The audit log's author of a borrower's upload: the borrower, named by user name. */
function borrowerAuthor(username: string, name: string): StaffPrincipal {
  return { staffId: '', email: `borrower ${username}`, name, isImplementer: false };
}

export interface DocumentsServiceDeps {
  db: Kysely<Database>;
  core: ServicingCore;
  documents: DocumentStore;
  settings(institutionId: number): Promise<SettingsAccessor>;
  borrowers: Pick<BorrowersService, 'findBorrowerById'>;
  workQueue: Pick<WorkQueueService, 'submit'>;
  auditLog: Pick<AuditLog, 'record'>;
  /** The per-user hourly limits: of uploads, and of refusals written to the audit log. */
  throttle: Pick<ThrottleService, 'hit'>;
}

export function createDocumentsService(options: DocumentsServiceDeps): DocumentsService {
  const { db, core, documents, workQueue, auditLog, throttle } = options;
  const customerRef = (customer: DocumentsCustomer): CustomerRef => ({
    institutionId: customer.institutionId,
    customerId: customer.customerId,
  });
  const ownsApplication = async (customer: CustomerRef, number: string) => {
    // Every application the core keeps for the customer, however old.
    const applications = await core.applications(customer, EVERY_APPLICATION_SINCE);
    return applications.some((application) => application.number === number);
  };

  /**
   * File types, the customer's own documents and uploads exist only when the institution has
   * file services (spec 002: "Only called when the file-services setting is on"). Uploads are
   * also refused when the institution hides the upload area
   * (documentCenterOptions.hideUploadAreaOption): a hidden control is no permission, so the
   * server keeps to the same setting as the screens.
   */
  async function fileServicesOn(institutionId: number, forUpload: boolean) {
    const accessor = await options.settings(institutionId);
    if (!accessor.get('globalOptions.useFileServicesOption')) return false;
    return !(forUpload && accessor.get('documentCenterOptions.hideUploadAreaOption'));
  }

  /** The refusal of a target that is not the customer's (another's answers as a missing one). */
  async function targetRefusal(
    customer: CustomerRef,
    target: UploadRequest['target'],
    today: CalendarDate,
  ): Promise<'accountNotFound' | 'applicationNotFound' | undefined> {
    if (target.kind === 'customer') return undefined;
    const { number } = target;
    if (target.kind === 'account') {
      const owned =
        number !== '' && number.length <= 40 && (await core.findAccount(customer, number, today));
      return owned ? undefined : 'accountNotFound';
    }
    const owned = number !== '' && (await ownsApplication(customer, number));
    return owned ? undefined : 'applicationNotFound';
  }

  /** Who the borrower is, for the work item and the audit log (read before any transaction). */
  async function senderOf(caller: UploadCaller) {
    const borrower = await options.borrowers.findBorrowerById(caller.institutionId, caller.userId);
    const username = borrower?.username ?? caller.userId;
    const name = borrower?.personal_name || username;
    return {
      name,
      email: borrower?.email || caller.email,
      author: borrowerAuthor(username, name),
    };
  }

  /**
   * Writes a refusal to the audit log, the first REFUSALS_AUDITED_PER_HOUR of the user's in an
   * hour, and the next saying the rest go unrecorded.
   */
  async function auditRefusal(
    caller: UploadCaller,
    request: UploadRequest,
    sender: Awaited<ReturnType<typeof senderOf>>,
    outcome: UploadRefused,
  ): Promise<void> {
    const counted = await throttle.hit({
      institutionId: caller.institutionId,
      bucket: 'document-refusal-audit-user',
      key: caller.userId,
      limit: REFUSALS_AUDITED_PER_HOUR,
      windowMs: HOUR_MS,
    });
    if (counted.count > REFUSALS_AUDITED_PER_HOUR + 1) return;
    const named = request.file ? `“${fileNameOf(request.file.name)}”` : 'an upload';
    const rest = counted.allowed
      ? ''
      : ` More than ${REFUSALS_AUDITED_PER_HOUR} of their uploads were refused this hour: the refusals until the hour ends are not recorded.`;
    await auditLog.record(db, {
      staff: sender.author,
      institutionId: caller.institutionId,
      action: 'document.refuse',
      comment: `Refused ${named} for ${targetWords(uploadTargetOf(request.target))}: ${refusalWords(outcome)}. Nothing was kept.${rest}`,
    });
  }

  /** Checks everything but the bytes, then streams them to the store with the records. */
  async function keep(
    caller: UploadCaller,
    request: UploadRequest,
    sender: Awaited<ReturnType<typeof senderOf>>,
  ): Promise<UploadOutcome> {
    const customer = customerRef(caller);
    const targetRefused = await targetRefusal(customer, request.target, request.today);
    if (targetRefused) return refused(targetRefused);
    const fileTypeId = fileTypeIdOf(request.fileTypeId);
    const fileType = (await documents.fileTypes(caller.institutionId)).find(
      (type) => type.id === fileTypeId,
    );
    if (fileTypeId === undefined || !fileType) return refused('fileTypeRequired');
    const { file } = request;
    if (!file) return refused('noFile');
    // The institution's limit; the parser's cap (MAX_UPLOAD_BYTES) is above every one.
    const limitBytes = uploadLimitBytes(
      (await options.settings(caller.institutionId)).get(
        'documentCenterOptions.maxUploadMegabytes',
      ),
    );
    const checked = await checkIncomingFile(file, limitBytes);
    if (!checked.ok) return refused(checked.refusal);

    const target: UploadTarget =
      request.target.kind === 'customer'
        ? { kind: 'customer' }
        : { kind: request.target.kind, number: request.target.number };
    const fileName = fileNameOf(file.name);
    let workItemId = '';
    const record: RecordUpload = async (kept, transaction) => {
      const write = async (trx: Kysely<Database>) => {
        workItemId = await workQueue.submit(
          workItemOf({ caller, sender, kept, fileName, fileType, format: checked.format, target }),
          trx,
        );
        await auditLog.record(trx, {
          staff: sender.author,
          institutionId: caller.institutionId,
          action: 'document.upload',
          comment:
            `Uploaded “${fileName}” (${fileType.description}; ${checked.format.format.toUpperCase()}, ` +
            `${kept.sizeBytes.toLocaleString('en-US')} bytes, SHA-256 ${kept.sha256}) ` +
            `for ${targetWords(target)}: document ${kept.fileId}, work item ${workItemId}.`,
        });
      };
      if (transaction) await write(transaction);
      else await db.transaction().execute(write);
    };
    try {
      const result = await documents.upload(
        customer,
        target,
        {
          name: file.name,
          contentType: checked.format.contentType,
          content: checked.content,
          fileTypeId,
          receivedAt: request.receivedAt,
        },
        record,
      );
      if (!result.stored) {
        return refused(
          result.refusal === 'unknownFileType' ? 'fileTypeRequired' : 'unsupportedFormat',
        );
      }
      return { stored: true, document: result.document, workItemId };
    } catch (error) {
      if (error instanceof UploadTooLarge)
        return { stored: false, refusal: 'tooLarge', limitBytes };
      if (error instanceof UploadBrokenOff) return refused('unreadable');
      throw error;
    } finally {
      // A store that refused or failed before reading leaves the file part to let through.
      await checked.release();
    }
  }

  return {
    async accountDocuments(caller, accountNumber, today) {
      const customer = customerRef(caller);
      if (!(await core.findAccount(customer, accountNumber, today))) return undefined;
      return documents.accountDocuments(customer, accountNumber);
    },

    async applicationDocuments(caller, applicationNumber) {
      const customer = customerRef(caller);
      if (!(await ownsApplication(customer, applicationNumber))) return undefined;
      return documents.applicationDocuments(customer, applicationNumber);
    },

    async customerDocuments(caller) {
      if (!(await fileServicesOn(caller.institutionId, false))) return undefined;
      return documents.customerDocuments(customerRef(caller));
    },

    open: (caller, fileId) => documents.open(customerRef(caller), fileId),

    async fileTypes(institutionId) {
      if (!(await fileServicesOn(institutionId, false))) return undefined;
      return documents.fileTypes(institutionId);
    },

    takesUploads: (institutionId) => fileServicesOn(institutionId, true),

    async admitUpload(caller) {
      const settings = await options.settings(caller.institutionId);
      const limit = Math.max(
        1,
        settings.get('securityPolicyOptions.documentUploadsPerHourPerUser'),
      );
      const hit = await throttle.hit({
        institutionId: caller.institutionId,
        bucket: 'document-upload-user',
        key: caller.userId,
        limit,
        windowMs: HOUR_MS,
      });
      if (hit.allowed) return { admitted: true };
      const retryAfterSeconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      // Once per window: the first upload past the limit.
      if (hit.count === limit + 1) {
        const sender = await senderOf(caller);
        const minutes = Math.ceil(retryAfterSeconds / 60);
        await auditLog.record(db, {
          staff: sender.author,
          institutionId: caller.institutionId,
          action: 'document.refuse',
          comment:
            `Refused uploads for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, until the hour ends: ` +
            `more than ${limit} uploads in an hour (securityPolicyOptions.documentUploadsPerHourPerUser). ` +
            'Nothing was read or kept; the uploads refused until then are not recorded one by one.',
        });
      }
      return { admitted: false, retryAfterSeconds };
    },

    async upload(caller, request) {
      const sender = await senderOf(caller);
      const outcome = await keep(caller, request, sender);
      if (!outcome.stored && outcome.refusal !== 'unreadable') {
        await auditRefusal(caller, request, sender, outcome);
      }
      return outcome;
    },
  };
}

function uploadTargetOf(target: UploadRequest['target']): UploadTarget {
  return target.kind === 'customer' ? { kind: 'customer' } : target;
}

/**
 * The upload's work queue item: a summary without the account number in full, the file's name,
 * type, format and size and what it is about (the account masked) in the details; its reference
 * is the document's file id, which staff open it by.
 */
function workItemOf(upload: {
  caller: UploadCaller;
  sender: { name: string; email: string };
  kept: KeptDocument;
  fileName: string;
  fileType: FileType;
  format: UploadFormat;
  target: UploadTarget;
}) {
  const { caller, sender, kept, fileName, fileType, format, target } = upload;
  const shortName = fileName.length > 80 ? `${fileName.slice(0, 79)}…` : fileName;
  return {
    institutionId: caller.institutionId,
    kind: 'document' as const,
    userId: caller.userId,
    senderName: sender.name,
    senderEmail: sender.email,
    summary: `${fileType.description}: ${shortName} for ${targetWords(target)}`,
    details: {
      fileName,
      fileType: fileType.description,
      format: format.format.toUpperCase(),
      size: sizeInWords(kept.sizeBytes),
      ...targetDetails(target),
    },
    reference: kept.fileId,
  };
}

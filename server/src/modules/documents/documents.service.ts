import type { CalendarDate } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { DocumentStore, FileType, StoredDocument } from '../../core/document-store';
import type { CustomerRef, ServicingCore } from '../../core/servicing-core';
import type { SignedInCaller } from '../../lib/caller';
import { sniffContentType } from './upload-policy';

/** Whose documents: the customer the signed-in user (or a passable token) belongs to. */
export type DocumentsCustomer = Pick<SignedInCaller, 'institutionId' | 'customerId'>;

/** Applications are looked up whatever their age (the list call shows the last 30 days). */
const EVERY_APPLICATION_SINCE = '1900-01-01';

/** An upload as the form sent it: the target's number and the file type as typed, the file. */
export interface UploadRequest {
  target: { kind: 'account' | 'application'; number: string } | { kind: 'customer' };
  /** The FileTypeID field as sent ('' when missing). */
  fileTypeId: string;
  file: { name: string; bytes: Uint8Array } | undefined;
  receivedAt: Date;
  /** The institution's today (an account is looked up as of it). */
  today: CalendarDate;
}

/** Why an upload was refused, in the order the checks run; nothing is stored then. */
export type UploadRefusal =
  | 'accountNotFound'
  | 'applicationNotFound'
  | 'fileTypeRequired'
  | 'noFile'
  | 'emptyFile'
  | 'unsupportedFormat';

export type UploadOutcome =
  { stored: true; document: StoredDocument } | { stored: false; refusal: UploadRefusal };

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
  /** One of the customer's documents with its content. */
  open(
    customer: DocumentsCustomer,
    fileId: string,
  ): Promise<{ document: StoredDocument; content: Uint8Array } | undefined>;
  /** The institution's file types; undefined when it has no file services. */
  fileTypes(institutionId: number): Promise<FileType[] | undefined>;
  /** Whether the institution takes uploads (file services on, upload area not hidden). */
  takesUploads(institutionId: number): Promise<boolean>;
  /** Checks an upload (its target, file type and file, in that order) and keeps it. */
  upload(customer: DocumentsCustomer, request: UploadRequest): Promise<UploadOutcome>;
}

const refused = (refusal: UploadRefusal): UploadOutcome => ({ stored: false, refusal });

/** A FileTypeID: a positive whole number (the store then checks it is one of the institution's). */
function fileTypeIdOf(text: string): number | undefined {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  return id > 0 ? id : undefined;
}

export function createDocumentsService(options: {
  core: ServicingCore;
  documents: DocumentStore;
  settings(institutionId: number): Promise<SettingsAccessor>;
}): DocumentsService {
  const { core, documents } = options;
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
  ): Promise<UploadRefusal | undefined> {
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

    async upload(caller, request) {
      const customer = customerRef(caller);
      const targetRefused = await targetRefusal(customer, request.target, request.today);
      if (targetRefused) return refused(targetRefused);
      const fileTypeId = fileTypeIdOf(request.fileTypeId);
      if (fileTypeId === undefined) return refused('fileTypeRequired');
      const { file } = request;
      if (!file) return refused('noFile');
      if (file.bytes.length === 0) return refused('emptyFile');
      const contentType = sniffContentType(file.bytes);
      if (!contentType) return refused('unsupportedFormat');
      const target =
        request.target.kind === 'customer'
          ? { kind: 'customer' as const }
          : { kind: request.target.kind, number: request.target.number };
      const result = await documents.upload(customer, target, {
        name: file.name,
        contentType,
        bytes: file.bytes,
        fileTypeId,
        receivedAt: request.receivedAt,
      });
      if (result.stored) return result;
      return refused(
        result.refusal === 'unknownFileType' ? 'fileTypeRequired' : 'unsupportedFormat',
      );
    },
  };
}

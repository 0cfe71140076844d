import { z } from 'zod';
import { INSTITUTION_SLUG, MAX_INSTITUTION_HOSTS } from '../rules/institution-identity';

/**
 * The admin API (`/admin-api/*`) used by the staff app. Answers are plain JSON (not the borrower
 * envelope); failures are `{ error: { code, message, details? } }` with a 4xx/5xx status.
 */
export const AdminError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Validation problems, each naming its key (`section.name`) and set. */
    details: z
      .array(z.object({ key: z.string(), set: z.string().optional(), message: z.string() }))
      .optional(),
  }),
});
export type AdminError = z.infer<typeof AdminError>;

export const ADMIN_ERROR_CODES = {
  unauthenticated: 'Unauthenticated',
  forbidden: 'Forbidden',
  notFound: 'NotFound',
  invalidConfiguration: 'InvalidConfiguration',
  commentRequired: 'CommentRequired',
  invalidCode: 'InvalidCode',
  invalidCredentials: 'InvalidCredentials',
  tooManyRequests: 'TooManyRequests',
  conflict: 'Conflict',
  /** A request the rules refuse (400): its message says what is wrong. */
  invalidRequest: 'InvalidRequest',
  invalidFile: 'InvalidFile',
  lowContrast: 'LowContrast',
} as const;

/** Roles per institution; `implementer` is global (all institutions, may create institutions). */
export const StaffRole = z.enum(['viewer', 'editor', 'publisher']);
export type StaffRole = z.infer<typeof StaffRole>;

// Sign-in: password, then a second factor (TOTP; in demo mode an e-mailed code may stand in).
export const AdminLoginRequest = z.object({
  email: z.string().max(200),
  password: z.string().max(200),
});
export const AdminLoginResponse = z.object({
  challengeId: z.string(),
  method: z.enum(['totp', 'email']),
});
export const AdminVerifyRequest = z.object({
  challengeId: z.string().max(200),
  code: z.string().max(20),
});

export const StaffMembership = z.object({
  institutionSlug: z.string(),
  institutionName: z.string(),
  role: StaffRole,
});
export const StaffMe = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  isImplementer: z.boolean(),
  memberships: z.array(StaffMembership),
});
export type StaffMe = z.infer<typeof StaffMe>;

export const InstitutionSummary = z.object({
  slug: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  cdnFolder: z.string(),
  /** The caller's role here; implementers act as publishers everywhere. */
  role: StaffRole,
  publishedVersion: z.number().int(),
  hasDraft: z.boolean(),
  /**
   * The institution's time zone as published (localeOptions.institutionTimeZone): staff read its
   * times (publications, audit entries) in it, named, as its borrowers do.
   */
  timeZone: z.string(),
});
export type InstitutionSummary = z.infer<typeof InstitutionSummary>;

const SettingsSet = z.record(z.string(), z.record(z.string(), z.string()));
/** An institution configuration document (values that differ from the schema defaults). */
export const ConfigurationDocument = z.object({
  shared: SettingsSet.optional(),
  english: SettingsSet.optional(),
});
export type ConfigurationDocument = z.infer<typeof ConfigurationDocument>;

export const ValidationProblem = z.object({
  key: z.string(),
  set: z.string().optional(),
  message: z.string(),
});

export const InstitutionSettingsResponse = z.object({
  published: z.object({
    version: z.number().int(),
    document: ConfigurationDocument,
    publishedAt: z.string().nullable(),
    publishedBy: z.string().nullable(),
    comment: z.string().nullable(),
  }),
  draft: z
    .object({
      document: ConfigurationDocument,
      baseVersion: z.number().int(),
      updatedAt: z.string(),
      updatedBy: z.string(),
      problems: z.array(ValidationProblem),
    })
    .nullable(),
});
export type InstitutionSettingsResponse = z.infer<typeof InstitutionSettingsResponse>;

/** `PUT /admin-api/institutions/:slug/draft`: replaces the draft (validated; rich text sanitised). */
export const SaveDraftRequest = z.object({ document: ConfigurationDocument });

/** `PATCH /admin-api/institutions/:slug/draft`: sets (value) or resets to default (null) keys. */
export const DraftChange = z.object({
  set: z.enum(['shared', 'english']),
  key: z.string().max(200),
  value: z.string().max(200_000).nullable(),
});
export const PatchDraftRequest = z.object({ changes: z.array(DraftChange).min(1).max(500) });

export const PublishRequest = z.object({
  comment: z.string().max(1000),
  /**
   * Publish even though brand colours fail WCAG AA contrast (the review page lists them). Without
   * it such a draft is refused with LowContrast; with it the acceptance is kept in the audit log.
   */
  acceptLowContrast: z.boolean().optional(),
});

export const VersionSummary = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  comment: z.string(),
});
export const VersionListResponse = z.object({ versions: z.array(VersionSummary) });

export const DiffEntry = z.object({
  key: z.string(),
  set: z.enum(['shared', 'english']),
  /** undefined/null = not set (the default applies). */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type DiffEntry = z.infer<typeof DiffEntry>;
/** `GET /admin-api/institutions/:slug/diff?from=<version|published|draft>&to=<...>`. */
export const DiffResponse = z.object({ entries: z.array(DiffEntry) });

/** `POST /admin-api/institutions/:slug/import?dryRun=true|false`. */
export const ImportRequest = z.object({ document: z.unknown() });
export const ImportResponse = z.object({
  valid: z.boolean(),
  problems: z.array(ValidationProblem),
  diff: z.array(DiffEntry),
  applied: z.boolean(),
});

export const BrandTokensInput = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string(),
  errorColor: z.string(),
  fontFamily: z.string(),
  borderRadius: z.number().int().min(0).max(32),
  colorScheme: z.enum(['light', 'dark', 'system']),
});

/** `POST /admin-api/institutions` (implementers). */
export const CreateInstitutionRequest = z.object({
  name: z.string().min(2).max(120),
  slug: z.string().regex(INSTITUTION_SLUG),
  hosts: z.array(z.string().min(1).max(253)).min(1).max(MAX_INSTITUTION_HOSTS),
  theme: BrandTokensInput,
  /** Start from a copy of another institution's published settings, else from the defaults. */
  copyFrom: z.string().optional(),
});

/** `POST /admin-api/institutions/:slug/assets` (multipart: kind, file) → the stored path. */
export const ASSET_KINDS = ['logoFull', 'logoIcon', 'footerImage', 'background'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
/**
 * `path`: the file's address (`/cdn/<folder>/branding/...`); `file`: the same inside the cdn
 * folder (`branding/...`), as the logo settings hold it. An upload changes nothing live: the
 * admin app puts it in the draft (ASSET_SETTING_KEYS), and publishing makes it live.
 */
export const AssetUploadResponse = z.object({ path: z.string(), file: z.string() });

/** The image types the server tells apart by their first bytes. */
export type AssetImageType = 'svg' | 'png' | 'jpeg' | 'webp';

/**
 * What each kind of branding file may be. Logos are SVG: the header draws them white on the
 * primary colour at any size, and the PDFs draw them as vectors. The server checks the bytes
 * against this list; the admin app's file picker offers the same (assetAcceptList).
 */
export const ASSET_FILE_TYPES: Readonly<Record<AssetKind, readonly AssetImageType[]>> = {
  logoFull: ['svg'],
  logoIcon: ['svg'],
  footerImage: ['svg', 'png', 'jpeg', 'webp'],
  background: ['svg', 'png', 'jpeg', 'webp'],
};

const IMAGE_MEDIA_TYPES: Readonly<Record<AssetImageType, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

const IMAGE_EXTENSIONS: Readonly<Record<AssetImageType, readonly string[]>> = {
  svg: ['.svg'],
  png: ['.png'],
  jpeg: ['.jpg', '.jpeg'],
  webp: ['.webp'],
};

/** The file picker's `accept` for a kind: exactly the types the server takes for it. */
export function assetAcceptList(kind: AssetKind): string {
  return ASSET_FILE_TYPES[kind]
    .flatMap((type) => [IMAGE_MEDIA_TYPES[type], ...IMAGE_EXTENSIONS[type]])
    .join(',');
}

/** The types a kind takes, in words ("SVG", "SVG, PNG, JPEG or WebP"). */
export function assetTypesInWords(kind: AssetKind): string {
  const names = ASSET_FILE_TYPES[kind].map((type) =>
    type === 'webp' ? 'WebP' : type.toUpperCase(),
  );
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`
    : (names[0] ?? '');
}

/**
 * The setting an upload of each kind is put in, in the draft (the logos hold the file inside the
 * cdn folder, the background its address). A footer image goes into the footer images list by
 * hand, with its description.
 */
export const ASSET_SETTING_KEYS = {
  logoFull: 'themeOptions.logoFullPath',
  logoIcon: 'themeOptions.logoIconPath',
  background: 'loginOptions.backgroundImage',
} as const satisfies Partial<Record<AssetKind, string>>;

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  staff: z.string(),
  action: z.enum([
    'draft.save',
    'draft.discard',
    'publish',
    'publish.lowContrast',
    'restore',
    'import',
    'asset.upload',
    'institution.create',
    'staff.signInFailed',
    'staff.locked',
    'payments.cardPaused',
    // The work queue (api/work-queue.ts): an item assigned, handled, reopened, answered.
    'workItem.assign',
    'workItem.handle',
    'workItem.reopen',
    'workItem.reply',
    // A loan application's status moved by staff from its work item (api/loan-applications.ts).
    'workItem.applicationStatus',
    // Documents (issue 22): a borrower's upload kept or refused, staff opening one.
    'document.upload',
    'document.refuse',
    'document.open',
    // The branch locator's branches (api/branches.ts): one added, changed, removed or moved.
    'branch.create',
    'branch.update',
    'branch.delete',
    'branch.move',
    // The ACH processor's NACHA files (issue 24): a day's next file made, a file downloaded.
    'achFile.seal',
    'achFile.download',
    // Payments (api/payment-timeline.ts): staff opening a payment and its timeline, asking for a
    // payment under review to be posted again, refunding a posted card payment (a refund that
    // gave nothing back too: refused by the core or the processor, or not answered), and
    // recording one given back outside the portal.
    'payment.open',
    'payment.postAgain',
    'payment.refund',
    'payment.refundNotMade',
    'payment.refundElsewhere',
    // A payment under review whose money never arrived, closed as Failed.
    'payment.closeUnpaid',
    // The daily reconciliation (api/reconciliation.ts): a publisher running a day now.
    'reconciliation.run',
  ]),
  comment: z.string().nullable(),
  changes: z.array(DiffEntry),
});
export const AuditListResponse = z.object({
  entries: z.array(AuditEntry),
  nextBefore: z.string().nullable(),
});

/**
 * `POST /admin-api/institutions/:slug/preview-token` → a short-lived token. The admin app opens
 * the portal in its preview frame at `/?previewToken=<token>#/...` on the institution's host; the
 * portal then loads the draft (`X-Preview-Token` on ApplicationOptions) and accepts live setting
 * documents from its parent by postMessage (`PreviewMessage`). Without a valid token a borrower
 * never sees the draft.
 */
export const PreviewTokenResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  portalUrl: z.string(),
});
export const PREVIEW_TOKEN_HEADER = 'X-Preview-Token';

/**
 * The preview's sample borrower's account numbers (made by the built-in core with the sample):
 * "Show in preview" on a loan-page or deposit-page setting opens that page on them.
 */
export const PREVIEW_SAMPLE_ACCOUNTS = {
  loan: '000-900001-1',
  lineOfCredit: '000-900002-2',
  savings: '000-900003-3',
} as const;
export const PreviewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('portal-preview:settings'), document: ConfigurationDocument }),
  z.object({ type: z.literal('portal-preview:navigate'), route: z.string().max(300) }),
  z.object({ type: z.literal('portal-preview:color-scheme'), scheme: z.enum(['light', 'dark']) }),
]);
export type PreviewMessage = z.infer<typeof PreviewMessage>;

// ---- Additions (issue 4, server side) ------------------------------------------------------

/** `GET /admin-api/institutions`: the caller's institutions (all of them for implementers). */
export const InstitutionListResponse = z.object({ institutions: z.array(InstitutionSummary) });

/** `POST /admin-api/institutions/:slug/publish` → the new version number. */
export const PublishResponse = z.object({ version: z.number().int() });

/** `GET /admin-api/institutions/:slug/versions/:version`: one published version in full. */
export const VersionDetailResponse = VersionSummary.extend({ document: ConfigurationDocument });

/** `POST /admin-api/institutions/:slug/preview-token` body (optional): where the admin runs. */
export const PreviewTokenRequest = z.object({
  /** The admin app's origin (defaults to the request's Origin header). */
  adminOrigin: z.string().max(300).optional(),
});

/**
 * `GET /api/setup/PreviewSession` (portal, with `X-Preview-Token`): the admin origin the portal
 * may accept `PreviewMessage`s from. 404 envelope when the token is not valid for this host.
 */
export const PreviewSessionResponse = z.object({
  HasNoErrors: z.boolean(),
  AdminOrigin: z.string(),
  ExpiresAt: z.string(),
});

/** Messages the portal in the preview frame posts to the admin (its parent). */
export const PreviewFrameMessage = z.discriminatedUnion('type', [
  /** Listening: the admin should post the current draft now. */
  z.object({ type: z.literal('portal-preview:ready') }),
  /** The portal's route changed (hash route without '#'). */
  z.object({ type: z.literal('portal-preview:route'), route: z.string().max(300) }),
]);
export type PreviewFrameMessage = z.infer<typeof PreviewFrameMessage>;

type DiffSet = DiffEntry['set'];
const DIFF_SETS: readonly DiffSet[] = ['shared', 'english'];

/**
 * The per-key differences between two configuration documents, sorted by set then key. A key
 * missing on one side has null there (the schema default applies).
 */
export function diffConfigurations(
  before: ConfigurationDocument,
  after: ConfigurationDocument,
): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const set of DIFF_SETS) {
    const keys = new Set<string>();
    const read = (document: ConfigurationDocument) => {
      const values = new Map<string, string>();
      for (const [section, names] of Object.entries(document[set] ?? {})) {
        for (const [name, value] of Object.entries(names)) {
          values.set(`${section}.${name}`, value);
          keys.add(`${section}.${name}`);
        }
      }
      return values;
    };
    const from = read(before);
    const to = read(after);
    for (const key of [...keys].sort()) {
      const old = from.get(key) ?? null;
      const next = to.get(key) ?? null;
      if (old !== next) entries.push({ key, set, before: old, after: next });
    }
  }
  return entries;
}

/** `POST /admin-api/staff` (implementers): a new staff account with an authenticator secret. */
export const CreateStaffRequest = z.object({
  email: z.string().email().max(200),
  name: z.string().min(1).max(120),
  /** At least 12 characters; the staff member changes nothing else here. */
  password: z.string().min(12).max(200),
  isImplementer: z.boolean().default(false),
  memberships: z
    .array(z.object({ institutionSlug: z.string().max(60), role: StaffRole }))
    .max(100)
    .default([]),
});
/** The TOTP secret is shown once, as text and as an otpauth:// address for a QR code. */
export const CreateStaffResponse = z.object({
  id: z.string(),
  totpSecret: z.string(),
  totpUri: z.string(),
});

/** `GET /admin-api/staff` (implementers). */
export const StaffListResponse = z.object({
  staff: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      isImplementer: z.boolean(),
      hasAuthenticator: z.boolean(),
      memberships: z.array(z.object({ institutionSlug: z.string(), role: StaffRole })),
    }),
  ),
});

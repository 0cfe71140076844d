import { z } from 'zod';

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
  invalidFile: 'InvalidFile',
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

export const PublishRequest = z.object({ comment: z.string().max(1000) });

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
  slug: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/),
  hosts: z.array(z.string().min(1).max(253)).min(1).max(10),
  theme: BrandTokensInput,
  /** Start from a copy of another institution's published settings, else from the defaults. */
  copyFrom: z.string().optional(),
});

/** `POST /admin-api/institutions/:slug/assets` (multipart: kind, file) → the stored path. */
export const ASSET_KINDS = ['logoFull', 'logoIcon', 'footerImage', 'background'] as const;
export const AssetUploadResponse = z.object({ path: z.string() });

export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  staff: z.string(),
  action: z.enum([
    'draft.save',
    'draft.discard',
    'publish',
    'restore',
    'import',
    'asset.upload',
    'institution.create',
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
export const PreviewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('portal-preview:settings'), document: ConfigurationDocument }),
  z.object({ type: z.literal('portal-preview:navigate'), route: z.string().max(300) }),
  z.object({ type: z.literal('portal-preview:color-scheme'), scheme: z.enum(['light', 'dark']) }),
]);
export type PreviewMessage = z.infer<typeof PreviewMessage>;

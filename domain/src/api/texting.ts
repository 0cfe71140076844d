import { z } from 'zod';
import { withEnvelope } from '../envelope';

/** A phone number as typed (ten digits, 000-000-0000 or E.164). */
const PhoneNumber = z.string().max(20);

/** `POST /api/SolutionsByText/GetSubscriptionInfo`. */
export const GetSubscriptionInfoRequest = z.object({ PhoneNumber });
export type GetSubscriptionInfoRequest = z.infer<typeof GetSubscriptionInfoRequest>;

export const SubscriptionOptionWire = z.object({
  BrandingId: z.number().int(),
  BrandingName: z.string(),
  OptInMarketing: z.boolean(),
  OptInAccount: z.boolean(),
});

export const GetSubscriptionInfoResponse = withEnvelope({
  SubscriptionInfo: z.object({ Options: z.array(SubscriptionOptionWire) }).nullable(),
});
export type GetSubscriptionInfoResponse = z.infer<typeof GetSubscriptionInfoResponse>;

/** `POST /api/SolutionsByText/ModifySubscriptions`: the changed programmes only. */
export const ModifySubscriptionsRequest = z.object({
  PhoneNumber,
  Options: z
    .array(
      z.object({
        BrandingId: z.number().int().min(0).max(2_147_483_647),
        OptInMarketing: z.boolean().nullable().optional().default(null),
        OptInAccount: z.boolean().nullable().optional().default(null),
      }),
    )
    .max(50),
});
export type ModifySubscriptionsRequest = z.infer<typeof ModifySubscriptionsRequest>;

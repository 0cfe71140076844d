import {
  Envelope,
  errorEnvelope,
  GetSubscriptionInfoRequest,
  GetSubscriptionInfoResponse,
  ModifySubscriptionsRequest,
  okEnvelope,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import type { TextingService } from './texting.service';

/**
 * The text subscription dialog's calls (spec 002 section 7). The number must be the signed-in
 * user's own; errors are codes (domain TEXTING_ERRORS) or, for a programme whose change was
 * refused, JSON naming it and its option values.
 */
export const textingRoutes: FastifyPluginAsyncZod<{ texting: TextingService }> = async (
  app,
  { texting },
) => {
  app.post(
    '/api/SolutionsByText/GetSubscriptionInfo',
    {
      config: { auth: 'required' },
      schema: {
        summary: "A phone number's opt-ins to each texting programme",
        description:
          "Only the signed-in user's own number (the phone on file). Each programme of the institution (notificationOptions.textProgramBrandings) by BrandingId and BrandingName; every option reads off while the user has not opted the number in to texting. Errors: Invalid (not textable), userDisagree (texting agreement to accept first, POST /api/AgreementLogging), NoPhone, TextingNotOffered.",
        body: GetSubscriptionInfoRequest,
        response: { 200: GetSubscriptionInfoResponse, 401: Envelope },
      },
    },
    async (request) => {
      const info = await texting.subscriptionInfo(
        signedInCaller(request),
        request.body.PhoneNumber,
      );
      if (!info.ok) return { ...errorEnvelope(info.error), SubscriptionInfo: null };
      return { ...okEnvelope(), SubscriptionInfo: { Options: info.value } };
    },
  );

  app.post(
    '/api/SolutionsByText/ModifySubscriptions',
    {
      config: { auth: 'required' },
      schema: {
        summary: 'Changes the opt-ins of the programmes given (a null flag stays as it is)',
        description:
          'Errors as GetSubscriptionInfo, plus NoChanges. An option turned on opts the number in to texting (the only call that does; the profile may withdraw it). A refused programme is an ErrorMessage of JSON {BrandingId, OptInMarketing, OptInAccount, Error} while the others are saved.',
        body: ModifySubscriptionsRequest,
        response: { 200: Envelope, 401: Envelope },
      },
    },
    async (request) => {
      const saved = await texting.modifySubscriptions(
        signedInCaller(request),
        request.body.PhoneNumber,
        request.body.Options,
      );
      if (!saved.ok) return errorEnvelope(saved.error);
      return saved.value.refused.length > 0 ? errorEnvelope(...saved.value.refused) : okEnvelope();
    },
  );
};

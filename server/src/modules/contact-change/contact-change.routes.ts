import {
  Envelope,
  errorEnvelope,
  ManualChangeContactInfoRequest,
  ManualChangeContactInfoResponse,
  okEnvelope,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import type { ContactChangeService } from './contact-change.service';

/** `PUT /api/ManualChangeContactInfo` (spec 002 section 7): a contact-info change for staff. */
export const contactChangeRoutes: FastifyPluginAsyncZod<{ service: ContactChangeService }> = async (
  app,
  { service },
) => {
  app.put(
    '/api/ManualChangeContactInfo',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Profile'],
        summary: 'Ask staff to change the address or phone of chosen loan accounts',
        description:
          "The spec's contact-change request. AccountNumbers: the chosen loans and lines of credit as GET /api/accountList gives them (at least one; NoAccountChosen), each one of the caller's own, hidden accounts left out (else AccountNotFound, and nothing is sent). OldAddress and NewAddress: Address1 (required, 45), Address2 (optional, 45), City (required, 20), State (two letters), ZipCode (5 digits); PhoneNumber1: OldPhoneNumber and NewPhoneNumber, both given, 10 digits each however punctuated. Leave out (or null) what does not change; at least one of the three (NoChangeGiven). CorrectErrors for a field that breaks its rule, ContainsPOBox for a PO box in the new address. UserName and FirstName are taken from the session, whatever is sent. NotOffered unless the institution forces manual contact-info changes (profileOptions.forceManualCifChangesOption). Accepted, the request becomes an item of the institution's work queue for staff to process by hand (nothing changes on the profile or the loans until they do); RequestId is its reference.",
        body: ManualChangeContactInfoRequest,
        response: { 200: ManualChangeContactInfoResponse, 401: Envelope },
      },
    },
    async (request) => {
      const outcome = await service.request(signedInCaller(request), request.body);
      if (!outcome.ok) return { ...errorEnvelope(...outcome.codes), RequestId: '' };
      return { ...okEnvelope(), RequestId: outcome.requestId };
    },
  );
};

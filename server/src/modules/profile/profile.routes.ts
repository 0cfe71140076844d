import {
  ENVELOPE_CODES,
  Envelope,
  errorEnvelope,
  okEnvelope,
  ProfileDataResponse,
  UpdateNotificationsRequest,
  UpdateNotificationsResponse,
  UpdatePersonalInfoRequest,
  UpdatePersonalInfoResponse,
  UpdateUserInfoRequest,
  UpdateUserInfoResponse,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context';
import { signedInCaller, signedInSessionOf } from '../../plugins/signed-in-caller';
import type { ProfileService } from './profile.service';
import type { ProfileCaller } from './profile-types';

const REQUIRED = { auth: 'required' } as const;
const TAGS = ['Profile'];

function profileCallerOf(request: FastifyRequest): ProfileCaller {
  const context = requestContext(request);
  return {
    ...signedInCaller(request),
    session: signedInSessionOf(request),
    institutionName: context.institutionName,
    origin: context.origin,
  };
}

/** A refusal that ended the session: 401 with Unauthorized first, which logs the portal out. */
function signedOut(reply: FastifyReply, codes: readonly string[]) {
  const others = codes.filter((code) => code !== ENVELOPE_CODES.unauthorized);
  return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized, ...others));
}

/**
 * The profile's calls (spec 002 sections 3, 7 and 8). Each answers for the signed-in user only:
 * there is no user or account in the request to point at someone else's profile. Refusals are
 * answers with HasNoErrors false and the codes of PROFILE_ERROR_CODES; Unauthorized (401) in
 * Errors[0] logs the portal out.
 */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/Profile',
    {
      config: REQUIRED,
      schema: {
        tags: TAGS,
        summary: 'The profile data bundle',
        description:
          'UserInfo, PersonalInfo (null where the section is hidden), UserAlertsInfo (lower-case keys, with textAlerts) and Documents (the customer documents when file services are on and the user is personal, else null). Unauthorized in Errors[0] when the session is gone.',
        response: { 200: ProfileDataResponse, 401: Envelope },
      },
    },
    async (request, reply) => {
      const profile = await service.profile(profileCallerOf(request));
      if (!profile) return reply.code(401).send(errorEnvelope(ENVELOPE_CODES.unauthorized));
      return { ...okEnvelope(), ...profile };
    },
  );

  app.post(
    '/api/Profile/UpdateUserInfo',
    {
      config: REQUIRED,
      schema: {
        tags: TAGS,
        summary: 'Change the login name, e-mail address, password, secret question or biometrics',
        description:
          'Only what differs from the saved profile changes, all or nothing. LogonName: LogonNameExists, LogonNameLength, LogonTooShort, Invalid (characters), Logon* rule codes. EmailAddress: a link is e-mailed to the new address, which replaces the old one (and the old one is told) when the link is opened; PendingEmailAddress shows it meanwhile. NewPassword (with ConfirmNewPassword when the institution asks for it) and a new SecretQuestion/SecretAnswer need OldPassword: InvalidCurrentPassword counts as a failed sign-in; LockedOnBadPassword while the user name is locked, whatever is typed; the guess that locks answers 401 Unauthorized and ends the session. A new password ends the other sessions. MobileInfo turns biometric sign-in on (BiometricsToken answered) or off for the device; BiometricsNotUpdated when it cannot.',
        body: UpdateUserInfoRequest,
        response: { 200: UpdateUserInfoResponse, 401: Envelope },
      },
    },
    async (request, reply) => {
      const outcome = await service.updateUserInfo(profileCallerOf(request), request.body);
      if (!outcome.ok) {
        if (outcome.signedOut) return signedOut(reply, outcome.codes);
        return {
          ...errorEnvelope(...outcome.codes),
          UserInfo: outcome.value?.userInfo ?? null,
          BiometricsToken: '',
          BiometricsTokenExpiration: null,
        };
      }
      const { userInfo, biometrics } = outcome.value;
      return {
        ...okEnvelope(),
        UserInfo: userInfo,
        BiometricsToken: biometrics?.token ?? '',
        BiometricsTokenExpiration: biometrics?.expiresAt.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/api/Profile/UpdatePersonalInfo',
    {
      config: REQUIRED,
      schema: {
        tags: TAGS,
        summary: 'Change the address and the phone',
        description:
          'Address (null keeps the saved one): CorrectErrors (Address1 45, City 20, a state, a 5-digit ZipCode), ContainsPOBox, ZipCityNoMatch. PhoneNumbers: exactly one, 10 digits (CorrectErrors), with Primary and OptInToTexting (Invalid while the institution offers no texting). OptInToTexting may withdraw the opt-in but never grants it: the opt-in is granted only by POST /api/SolutionsByText/ModifySubscriptions (an option turned on, after the texting agreement), so true for a phone not opted in is saved as false without an error (spec 002 names none), and a changed number is saved not opted in (nobody agreed to texts at it). PersonalInfo answers what was saved. Withdrawing the opt-in, or a new number, turns the text alerts off. Error when contact changes go through staff (forceManualCifChangesOption) or the section is hidden.',
        body: UpdatePersonalInfoRequest,
        response: { 200: UpdatePersonalInfoResponse, 401: Envelope },
      },
    },
    async (request, reply) => {
      const outcome = await service.updatePersonalInfo(profileCallerOf(request), request.body);
      if (!outcome.ok) {
        if (outcome.signedOut) return signedOut(reply, outcome.codes);
        return { ...errorEnvelope(...outcome.codes), PersonalInfo: outcome.value };
      }
      return { ...okEnvelope(), PersonalInfo: outcome.value };
    },
  );

  app.post(
    '/api/Profile/UpdateNotifications',
    {
      config: REQUIRED,
      schema: {
        tags: TAGS,
        summary: 'Change the notification preferences',
        description:
          'The form in upper-case keys (SequenceNumber, TurnOffAllAlerts, AlertsAreDirty, EmailAlerts, TextAlerts); UserAlertsInfo answers in lower case. AlertsAreDirty false saves nothing. A SequenceNumber other than the saved one answers Error with the saved preferences. A text alert turned on without texting and a phone opted in to it answers Invalid.',
        body: UpdateNotificationsRequest,
        response: { 200: UpdateNotificationsResponse, 401: Envelope },
      },
    },
    async (request, reply) => {
      const outcome = await service.updateNotifications(profileCallerOf(request), request.body);
      if (!outcome.ok) {
        if (outcome.signedOut) return signedOut(reply, outcome.codes);
        return { ...errorEnvelope(...outcome.codes), UserAlertsInfo: outcome.value };
      }
      return { ...okEnvelope(), UserAlertsInfo: outcome.value };
    },
  );
};

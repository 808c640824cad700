/**
 * "Providers see their own" (docs/behaviour.md section 14): the setting, whom it holds, and which
 * patients are a held provider's own. One place, so the request guard, the routes and the
 * services that list patients apply the same rule.
 */
import type { FastifyRequest } from 'fastify';
import { SETTING_KEYS } from '../db/setting-keys';
import { HttpError } from '../http/errors';

/**
 * The setting as an SQL expression (true or false), so the request guard reads it in the same
 * statement as the signed-in user: every call sees the value the database holds now, whichever
 * app process saved it.
 */
export const OWN_ONLY_SQL = `coalesce((SELECT value = 'true' FROM settings WHERE key = '${SETTING_KEYS.providersSeeOwnOnly}'), false)`;

/**
 * The provider a call's figures, lists and exports are for: what it asked (`provider`), unless the
 * caller is held to their own (docs/behaviour.md section 14), whatever they sent.
 */
export const providerAsked = (req: FastifyRequest, asked: string | undefined): string | undefined =>
  req.heldTo ?? asked;

/**
 * A patient is a held provider's own (docs/behaviour.md section 14) when a procedure or an
 * appointment, cancelled ones included, names that provider. `key` and `provider` are the SQL
 * that gives the patient's key and the provider.
 */
export const OWN_PATIENT = (key: string, provider: string) =>
  `(EXISTS (SELECT 1 FROM procedures p WHERE p.patient_key = ${key} AND p.provider = ${provider})
    OR EXISTS (SELECT 1 FROM future_appointments a WHERE a.patient_key = ${key} AND a.provider = ${provider}))`;

/** A patient of no name or id known, or none the caller may open: the same answer for both. */
export const patientNotFound = () => new HttpError(404, 'Patient not found', { code: 'patient_not_found' });

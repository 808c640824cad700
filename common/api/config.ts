import { z } from 'zod';
import { adminsOnly, editorsOnly, endpoint, signedIn } from './endpoint';
import { messageResponse, ok } from './shared';

export const WIN_LOSS = ['Won', 'Lost', 'PF', 'N/A'] as const;
export type WinLoss = (typeof WIN_LOSS)[number];

export const codeMapping = z.object({
  proc_code: z.string(),
  label: z.string(),
  value: z.number().nullable(),
});
export type CodeMapping = z.infer<typeof codeMapping>;

const required = 'Procedure code and label are required';
const valueField = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.replace(/[$,\s]/g, ''));
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'Value must be a number of 0 or more, or blank' });
      return z.NEVER;
    }
    // The database keeps values as numeric(14,2).
    if (n >= 1e12) {
      ctx.addIssue({ code: 'custom', message: 'Value must be less than 1,000,000,000,000' });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const codeMappingBody = z.object({
  proc_code: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(50, 'Procedure code must be at most 50 characters'),
  label: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(100, 'Label must be at most 100 characters'),
  value: valueField,
});
export type CodeMappingBody = z.input<typeof codeMappingBody>;

export const procCodeParams = z.object({ proc_code: z.string().min(1) });

export const codeMappingsResponse = ok.extend({ code_mappings: z.array(codeMapping) });
export const codeMappingResponse = ok.extend({ code_mapping: codeMapping, message: z.string() });

export const mappingValue = z.object({
  id: z.number().int(),
  procedure_status: z.string(),
  no_of_arches: z.number().int(),
  win_loss: z.enum(WIN_LOSS),
  case_value: z.number(),
});
export type MappingValue = z.infer<typeof mappingValue>;
export const mappingValuesResponse = ok.extend({ mapping_values: z.array(mappingValue) });

export const initializeResponse = ok.extend({
  message: z.string(),
  code_mappings_added: z.number().int(),
  mapping_values: z.number().int(),
});

export const treatmentFlags = z.object({
  had_consult: z.boolean(),
  presented_max: z.boolean(),
  presented_mand: z.boolean(),
  accepted_max: z.boolean(),
  accepted_mand: z.boolean(),
  had_temp_upper: z.boolean(),
  had_temp_lower: z.boolean(),
  had_perm_upper: z.boolean(),
  had_perm_lower: z.boolean(),
  pending_finance_mand: z.boolean(),
  pending_finance_max: z.boolean(),
});

export const scoresheetRow = z.object({
  patient_name: z.string(),
  provider: z.string(),
  score: z.number().int(),
  procedure_status: z.string(),
  consult_date: z.string().nullable(),
  date_of_temp_placement: z.string().nullable(),
  case_date: z.string().nullable(),
  pending_finance_date: z.string().nullable(),
  presented_date: z.string().nullable(),
  accepted_date: z.string().nullable(),
  perm_date: z.string().nullable(),
  /** docs/behaviour.md section 11; null when the patient's procedures name none. */
  location: z.string().nullable(),
  win_loss: z.enum(WIN_LOSS),
  no_of_arches: z.number().int(),
  case_value: z.number(),
  treatment_flags: treatmentFlags,
});
export type ScoresheetRow = z.infer<typeof scoresheetRow>;
export const scoresheetResponse = ok.extend({ scoresheet: z.array(scoresheetRow) });

/** "Providers see their own" (docs/behaviour.md section 14): off by default. */
export const privacyResponse = ok.extend({ providers_see_own_only: z.boolean() });
export type PrivacyResponse = z.infer<typeof privacyResponse>;
export const privacyBody = z.object({
  providers_see_own_only: z.boolean({ error: 'providers_see_own_only must be true or false' }),
});

const tag = 'configuration';

export const configApi = {
  codeMappings: endpoint({
    method: 'GET',
    path: '/api/config/code-mappings',
    access: signedIn,
    tag,
    response: codeMappingsResponse,
  }),
  addCodeMapping: endpoint({
    method: 'POST',
    path: '/api/config/code-mappings',
    access: editorsOnly,
    tag,
    body: codeMappingBody,
    response: codeMappingResponse,
    status: 201,
  }),
  updateCodeMapping: endpoint({
    method: 'PUT',
    path: '/api/config/code-mappings/:proc_code',
    access: editorsOnly,
    tag,
    params: procCodeParams,
    body: codeMappingBody,
    response: codeMappingResponse,
  }),
  deleteCodeMapping: endpoint({
    method: 'DELETE',
    path: '/api/config/code-mappings/:proc_code',
    access: editorsOnly,
    tag,
    params: procCodeParams,
    response: messageResponse,
  }),
  mappingValues: endpoint({
    method: 'GET',
    path: '/api/config/mapping-values',
    access: signedIn,
    tag,
    response: mappingValuesResponse,
  }),
  initialize: endpoint({
    method: 'POST',
    path: '/api/initialize',
    access: editorsOnly,
    tag,
    response: initializeResponse,
  }),
  /** Read by every signed-in user: the web app says when a provider sees only their own. */
  privacy: endpoint({
    method: 'GET',
    path: '/api/config/privacy',
    access: signedIn,
    tag,
    response: privacyResponse,
  }),
  setPrivacy: endpoint({
    method: 'PUT',
    path: '/api/config/privacy',
    access: adminsOnly('Only admins can change the privacy setting'),
    tag,
    body: privacyBody,
    response: privacyResponse,
  }),
  scoresheet: endpoint({
    method: 'GET',
    path: '/api/scoresheet',
    access: signedIn,
    tag: 'scoresheet',
    response: scoresheetResponse,
  }),
};

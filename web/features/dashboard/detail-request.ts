import type { ConsultDetailType } from '../../../common/api/dashboard';
import { longMonthLabel } from './months';

/**
 * What a clicked cell asks to see. `provider` null means every provider the filter shows
 * (a totals row); otherwise the row's provider.
 */
export type DetailRequest =
  | { kind: 'consults'; type: ConsultDetailType; provider: string | null; year: number }
  | { kind: 'arch_cases'; month: string; provider: string | null; year: number }
  | { kind: 'future_cases'; month: string; provider: string | null; year: number }
  | { kind: 'pending_finance'; provider: string | null; year: number };

export const CONSULT_TYPE_NAMES: Record<ConsultDetailType, string> = {
  consults_lost: 'Consults Lost',
  consults_won: 'Consults Won',
  pending_finance: 'Pending Finance',
  future_consults: 'Future Consults',
};

const who = (provider: string | null) => provider ?? 'All Providers';

/** The modal's title, which also names the dialog for assistive technology. */
export function detailTitle(request: DetailRequest): string {
  switch (request.kind) {
    case 'consults':
      return `${CONSULT_TYPE_NAMES[request.type]}: ${who(request.provider)}, ${request.year}`;
    case 'arch_cases':
      return `Arch Cases: ${who(request.provider)}, ${longMonthLabel(request.month)}`;
    case 'future_cases':
      return `Future Scheduled Treatments: ${who(request.provider)}, ${longMonthLabel(request.month)}`;
    case 'pending_finance':
      return `Pending Finance Cases: ${who(request.provider)}`;
  }
}

import { CaseWork } from '../../components/case/case-work';
import { Section } from './section';

/** The same case card as Follow-ups, for any patient, stalled or not (docs/screens.md, Patient Lookup). */
export function CaseFollowUp({ patientId }: { patientId: string }) {
  return (
    <Section title="Case Follow-up">{() => <CaseWork patientId={patientId} headingOrder={4} />}</Section>
  );
}

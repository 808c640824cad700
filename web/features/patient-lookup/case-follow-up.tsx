import { CaseWork } from '../../components/case/case-work';
import { Section } from './section';

/** The same case card as Follow-ups, for any patient, stalled or not (docs/screens.md, Patient Lookup). */
export function CaseFollowUp({ name }: { name: string }) {
  return <Section title="Case Follow-up">{() => <CaseWork patientName={name} headingOrder={4} />}</Section>;
}

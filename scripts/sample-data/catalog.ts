// The procedure codes a full-arch practice bills, with the descriptions and fee ranges a
// practice-management system would print. FA-* codes are in-house tracking codes carrying no fee.

export interface Procedure {
  code: string;
  description: string;
  /** Fee range in cents; a fee is drawn in it and rounded to a realistic step. */
  feeMin: number;
  feeMax: number;
  /** Whether the report prints a tooth / arch for this code. */
  tooth: 'none' | 'tooth' | 'upper' | 'lower' | 'quad';
}

function p(
  code: string,
  description: string,
  feeMin: number,
  feeMax: number,
  tooth: Procedure['tooth'] = 'none',
): Procedure {
  return { code, description, feeMin: feeMin * 100, feeMax: feeMax * 100, tooth };
}

// biome-ignore format: a table reads better aligned.
const PROCEDURES: readonly Procedure[] = [
  // Journey codes (the default code mappings of the spec).
  p('D0150', 'Comprehensive oral evaluation - new or established patient', 95, 150),
  p('D9310', 'Consultation - diagnostic service provided by dentist or physician', 95, 175),
  p('FA-PRES-MAX', 'Full Arch Tx Plan Presented - Maxillary', 0, 0, 'upper'),
  p('FA-PRES-MAND', 'Full Arch Tx Plan Presented - Mandibular', 0, 0, 'lower'),
  p('FA-ACC-MAX', 'Full Arch Tx Plan Accepted - Maxillary', 0, 0, 'upper'),
  p('FA-ACC-MAND', 'Full Arch Tx Plan Accepted - Mandibular', 0, 0, 'lower'),
  p('FA-PF-MAX', 'Full Arch Pending Financing - Maxillary', 0, 0, 'upper'),
  p('FA-PF-MAND', 'Full Arch Pending Financing - Mandibular', 0, 0, 'lower'),
  p('D0801', '3D dental surface scan - direct', 150, 275),
  p('D0802', '3D dental surface scan - indirect', 150, 250),
  p('D6119', 'Implant/abutment supported interim fixed denture for edentulous arch - maxillary', 12500, 17500, 'upper'),
  p('D6118', 'Implant/abutment supported interim fixed denture for edentulous arch - mandibular', 12500, 17500, 'lower'),
  p('D6114', 'Implant/abutment supported fixed denture for edentulous arch - maxillary', 7500, 12500, 'upper'),
  p('D6115', 'Implant/abutment supported fixed denture for edentulous arch - mandibular', 7500, 12500, 'lower'),
  // Surgical and diagnostic work around a full-arch case.
  p('D0367', 'Cone beam CT capture and interpretation - both jaws', 250, 450),
  p('D0330', 'Panoramic radiographic image', 95, 160),
  p('D6010', 'Surgical placement of implant body: endosteal implant', 1800, 2600, 'tooth'),
  p('D7210', 'Extraction, erupted tooth requiring removal of bone and/or sectioning', 225, 375, 'tooth'),
  p('D7140', 'Extraction, erupted tooth or exposed root', 150, 250, 'tooth'),
  p('D7310', 'Alveoloplasty in conjunction with extractions - four or more teeth, per quadrant', 300, 450, 'quad'),
  p('D9239', 'Intravenous moderate (conscious) sedation/analgesia - first 15 minutes', 350, 550),
  // Routine general dentistry.
  p('D0120', 'Periodic oral evaluation - established patient', 55, 85),
  p('D0140', 'Limited oral evaluation - problem focused', 75, 125),
  p('D0210', 'Intraoral - comprehensive series of radiographic images', 135, 195),
  p('D0220', 'Intraoral - periapical first radiographic image', 28, 45, 'tooth'),
  p('D0274', 'Bitewings - four radiographic images', 65, 95),
  p('D1110', 'Prophylaxis - adult', 95, 145),
  p('D1208', 'Topical application of fluoride - excluding varnish', 30, 50),
  p('D4341', 'Periodontal scaling and root planing - four or more teeth per quadrant', 225, 325, 'quad'),
  p('D4910', 'Periodontal maintenance', 145, 195),
  p('D2391', 'Resin-based composite - one surface, posterior', 165, 245, 'tooth'),
  p('D2392', 'Resin-based composite - two surfaces, posterior', 210, 295, 'tooth'),
  p('D2740', 'Crown - porcelain/ceramic', 1150, 1550, 'tooth'),
  p('D2950', 'Core buildup, including any pins when required', 275, 375, 'tooth'),
  p('D3330', 'Endodontic therapy, molar tooth (excluding final restoration)', 1100, 1450, 'tooth'),
  p('D5110', 'Complete denture - maxillary', 1800, 2600, 'upper'),
  p('D5120', 'Complete denture - mandibular', 1800, 2600, 'lower'),
  p('D9110', 'Palliative treatment of dental pain - per visit', 85, 140),
];

const BY_CODE = new Map(PROCEDURES.map((proc) => [proc.code, proc]));

export function procedure(code: string): Procedure {
  const proc = BY_CODE.get(code);
  if (!proc) throw new Error(`Unknown procedure code ${code}`);
  return proc;
}

export function allProcedures(): readonly Procedure[] {
  return PROCEDURES;
}

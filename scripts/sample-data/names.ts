// Patient and provider names. Patient names come from a bijection of the patient index onto
// (first, last[, middle initial]) so two generated patients never share a patient key: a merge of
// two people would make the journeys, and therefore the test figures, look wrong.

import type { Rng } from './prng.js';

// biome-ignore format: a long word list reads better packed.
export const FIRST_NAMES: readonly string[] = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Karen', 'Christopher', 'Sarah',
  'Charles', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Sandra', 'Anthony', 'Betty', 'Mark', 'Ashley',
  'Donald', 'Emily', 'Steven', 'Kimberly', 'Andrew', 'Margaret', 'Paul', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie',
  'George', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy',
  'Jacob', 'Amy', 'Nicholas', 'Kathleen', 'Gary', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Emma',
  'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha',
  'Benjamin', 'Katherine', 'Samuel', 'Christine', 'Gregory', 'Debra', 'Alexander', 'Rachel', 'Patrick', 'Carolyn',
  'Frank', 'Janet', 'Raymond', 'Maria', 'Jack', 'Olivia', 'Dennis', 'Heather', 'Jerry', 'Helen',
  'Tyler', 'Catherine', 'Aaron', 'Diane', 'Jose', 'Julie', 'Adam', 'Victoria', 'Nathan', 'Joyce',
  'Henry', 'Lauren', 'Zachary', 'Kelly', 'Douglas', 'Christina', 'Peter', 'Ruth', 'Kyle', 'Joan',
  'Noah', 'Virginia', 'Ethan', 'Judith', 'Jeremy', 'Evelyn', 'Christian', 'Hannah', 'Walter', 'Andrea',
  'Keith', 'Megan', 'Austin', 'Cheryl', 'Roger', 'Jacqueline', 'Terry', 'Madison', 'Sean', 'Teresa',
  'Gerald', 'Abigail', 'Carl', 'Sophia', 'Dylan', 'Martha', 'Harold', 'Sara', 'Jordan', 'Gloria',
  'Jesse', 'Janice', 'Bryan', 'Kathryn', 'Lawrence', 'Ann', 'Arthur', 'Isabella', 'Gabriel', 'Judy',
  'Bruce', 'Charlotte', 'Logan', 'Julia', 'Billy', 'Grace', 'Joe', 'Amber', 'Alan', 'Alice',
  'Juan', 'Jean', 'Elijah', 'Denise', 'Willie', 'Frances', 'Albert', 'Danielle', 'Wayne', 'Marilyn',
  'Randy', 'Natalie', 'Mason', 'Beverly', 'Vincent', 'Diana', 'Liam', 'Brittany', 'Roy', 'Theresa',
  'Bobby', 'Kayla', 'Caleb', 'Alexis', 'Bradley', 'Doris', 'Russell', 'Lori', 'Lucas', 'Tiffany',
  'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Raj', 'Priya', 'Ahmed', 'Fatima', 'Dmitri', 'Olga',
  'Chloé', 'Zoë', 'Renée', 'Andrés', 'Siobhan', 'Mateo', 'Camila', 'Luis', 'Sofia', 'Diego',
];

// biome-ignore format: a long word list reads better packed.
export const LAST_NAMES: readonly string[] = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Gonzales', 'Fisher', 'Vasquez', 'Simmons', 'Romero', 'Jordan', 'Patterson', 'Alexander', 'Hamilton', 'Graham',
  'Reynolds', 'Griffin', 'Wallace', 'Moreno', 'West', 'Cole', 'Hayes', 'Bryant', 'Herrera', 'Gibson',
  'Ellis', 'Tran', 'Medina', 'Aguilar', 'Stevens', 'Murray', 'Ford', 'Castro', 'Marshall', 'Owens',
  'Harrison', 'Fernandez', 'McDonald', 'Woods', 'Washington', 'Kennedy', 'Wells', 'Vargas', 'Henry', 'Chen',
  'Freeman', 'Webb', 'Tucker', 'Guzman', 'Burns', 'Crawford', 'Olson', 'Simpson', 'Porter', 'Hunter',
  'Gordon', 'Mendez', 'Silva', 'Shaw', 'Snyder', 'Mason', 'Dixon', 'Munoz', 'Hunt', 'Hicks',
  'Holmes', 'Palmer', 'Wagner', 'Black', 'Robertson', 'Boyd', 'Rose', 'Stone', 'Salazar', 'Fox',
  'Warren', 'Mills', 'Meyer', 'Rice', 'Schmidt', 'Garza', 'Daniels', 'Ferguson', 'Nichols', 'Stephens',
  'Soto', 'Weaver', 'Ryan', 'Gardner', 'Payne', 'Grant', 'Dunn', 'Kelley', 'Spencer', 'Hawkins',
  'Arnold', 'Pierce', 'Vazquez', 'Hansen', 'Peters', 'Santos', 'Hart', 'Bradley', 'Knight', 'Elliott',
  'Cunningham', 'Duncan', 'Armstrong', 'Hudson', 'Carroll', 'Lane', 'Riley', 'Andrews', 'Alvarado', 'Ray',
  'Delgado', 'Berry', 'Perkins', 'Hoffman', 'Johnston', 'Matthews', 'Pena', 'Richards', 'Contreras', 'Willis',
  'Carpenter', 'Lawrence', 'Sandoval', 'Guerrero', 'George', 'Chapman', 'Rios', 'Estrada', 'Ortega', 'Watkins',
  'Greene', 'Nunez', 'Wheeler', 'Valdez', 'Harper', 'Burke', 'Larson', 'Santiago', 'Maldonado', 'Morrison',
  'Franklin', 'Carlson', 'Austin', 'Dominguez', 'Carr', 'Lawson', 'Jacobs', 'Fleming', 'Lynch', 'Singh',
  'Vega', 'Bishop', 'Montgomery', 'Oliver', 'Jensen', 'Harvey', 'Williamson', 'Gilbert', 'Dean', 'Sims',
  "O'Brien", "O'Connor", "D'Angelo", 'McKenzie', 'MacDonald', 'Smith-Jones', 'Garcia-Lopez', 'Van Dyke', 'De La Cruz', 'St. John',
  'Nakamura', 'Yamamoto', 'Wang', 'Zhang', 'Liu', 'Gupta', 'Shah', 'Kowalski', 'Novak', 'Ivanova',
  'Müller', 'Núñez', 'Peña', 'Brandt', 'Larsen', 'Lindqvist', 'Okafor', 'Mensah', 'Haddad', 'Khalil',
];

// biome-ignore format: a long word list reads better packed.
const PROVIDER_NAMES: readonly string[] = [
  'Dr. Sarah Chen', 'Dr. Michael Rodriguez', 'Dr. Emily Patel', 'Dr. James Whitfield', 'Dr. Olivia Nguyen',
  'Dr. Robert Kim', 'Dr. Laura Bennett', 'Dr. David Okafor', 'Dr. Rachel Goldstein', 'Dr. Anthony Russo',
  'Dr. Priya Raman', 'Dr. Thomas Becker', 'Dr. Maria Alvarez', 'Dr. Kevin O\'Neill', 'Dr. Hannah Larsen',
  'Dr. Marcus Johnson', 'Dr. Julia Novak', 'Dr. Samuel Park', 'Dr. Natalie Brooks', 'Dr. Daniel Haddad',
];

export interface PersonName {
  first: string;
  middle: string;
  last: string;
}

/** Picks multipliers coprime to the name space so `index -> name` is a permutation. */
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export class PatientNamer {
  private readonly space = FIRST_NAMES.length * LAST_NAMES.length;
  private readonly mult: number;
  private readonly offset: number;

  constructor(seed: number) {
    // A large multiplier scatters consecutive indexes across the alphabet.
    let mult = Math.floor(this.space * 0.618) + (seed % 997);
    while (gcd(mult, this.space) !== 1) mult++;
    this.mult = mult;
    this.offset = seed % this.space;
  }

  name(index: number): PersonName {
    const block = Math.floor(index / this.space);
    const slot = ((index % this.space) * this.mult + this.offset) % this.space;
    const first = FIRST_NAMES[slot % FIRST_NAMES.length];
    const last = LAST_NAMES[Math.floor(slot / FIRST_NAMES.length)];
    // Past the first pass over the name space, a middle initial keeps every patient key unique.
    const middle = block === 0 ? '' : String.fromCharCode(64 + (((block - 1) % 26) + 1));
    if (block > 26) throw new Error('Too many patients for the name space');
    return { first, middle, last };
  }
}

export function canonicalName(n: PersonName): string {
  return n.middle ? `${n.last}, ${n.first} ${n.middle}` : `${n.last}, ${n.first}`;
}

/** The same patient written another way, as front-desk staff do in later visits. Every variant
 * has the same patient key as the canonical `Last, First` form (trim, collapse spaces, flip on the
 * one comma, lower-case). */
export function nameVariant(n: PersonName, rng: Rng): string {
  const given = n.middle ? `${n.first} ${n.middle}` : n.first;
  switch (rng.int(0, 6)) {
    case 0:
      return `${given} ${n.last}`;
    case 1:
      return `${n.last.toUpperCase()}, ${given.toUpperCase()}`;
    case 2:
      return `${given} ${n.last}`.toLowerCase();
    case 3:
      return `${n.last},  ${given}`;
    case 4:
      return ` ${n.last}, ${given} `;
    case 5:
      return `${n.last},${given}`;
    default:
      return `${given}  ${n.last}`;
  }
}

export function providerNames(count: number, rng: Rng): string[] {
  const out = PROVIDER_NAMES.slice(0, count);
  const seen = new Set(out);
  // Beyond the hand-written list, compose more doctors from the patient name lists.
  while (out.length < count) {
    const name = `Dr. ${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    if (!seen.has(name)) {
      seen.add(name);
      out.push(name);
    }
  }
  return out;
}

import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { Db, Tx } from '../db/client';
import { sqlColumns } from '../db/rows';
import { codeMappings, mappingValues } from '../db/schema';
import { lockDataChanges } from '../db/versions';
import { DEFAULT_MAPPINGS } from '../domain/default-mappings';
import { buildMappingValues } from '../domain/mapping-values';
import { normalizeCode } from '../domain/names';
import { HttpError } from '../http/errors';
import { recalculateScoresheet } from '../scoresheet/recalculate';

type MappingInput = { proc_code: string; label: string; value: number | null };

const MAPPING = sqlColumns(codeMappings);

/** Whether a mapping for the code exists (read in the caller's transaction). */
const mappingExists = async (tx: Tx, code: string) =>
  (
    await tx.orm
      .select({ proc_code: codeMappings.procCode })
      .from(codeMappings)
      .where(eq(codeMappings.procCode, code))
  ).length > 0;

const mappingTaken = (code: string) =>
  new HttpError(409, `A mapping for code ${code} already exists`, {
    code: 'mapping_exists',
    field: 'proc_code',
  });
const noMapping = (code: string) =>
  new HttpError(404, `No mapping for code ${code}`, { code: 'mapping_not_found' });

export async function listCodeMappings(db: Tx) {
  const rows = await db.orm.select(MAPPING).from(codeMappings).orderBy(asc(codeMappings.procCode));
  return { success: true as const, code_mappings: rows };
}

export async function listMappingValues(db: Tx) {
  const rows = await db.orm
    .select(sqlColumns(mappingValues))
    .from(mappingValues)
    .orderBy(asc(mappingValues.id));
  return { success: true as const, mapping_values: rows };
}

export async function addCodeMapping(db: Db, actor: Actor, input: MappingInput) {
  const code = normalizeCode(input.proc_code);
  return db.transaction(async (tx) => {
    await lockDataChanges(tx);
    if (await mappingExists(tx, code)) throw mappingTaken(code);
    await tx.orm.insert(codeMappings).values({ procCode: code, label: input.label, value: input.value });
    await recordAudit(tx, actor, 'code_mapping_added', {
      proc_code: code,
      label: input.label,
      value: input.value,
    });
    await recalculateScoresheet(tx);
    return {
      success: true as const,
      message: 'Code mapping added successfully',
      code_mapping: { proc_code: code, label: input.label, value: input.value },
    };
  });
}

export async function updateCodeMapping(db: Db, actor: Actor, oldCode: string, input: MappingInput) {
  const from = normalizeCode(oldCode);
  const to = normalizeCode(input.proc_code);
  return db.transaction(async (tx) => {
    await lockDataChanges(tx);
    const [before] = await tx.orm
      .select(MAPPING)
      .from(codeMappings)
      .where(eq(codeMappings.procCode, from))
      .for('update');
    if (!before) throw noMapping(from);
    if (to !== from && (await mappingExists(tx, to))) {
      throw mappingTaken(to);
    }
    await tx.orm
      .update(codeMappings)
      .set({ procCode: to, label: input.label, value: input.value })
      .where(eq(codeMappings.procCode, from));
    await recordAudit(tx, actor, 'code_mapping_updated', {
      before,
      after: { proc_code: to, label: input.label, value: input.value },
    });
    await recalculateScoresheet(tx);
    return {
      success: true as const,
      message: 'Code mapping updated successfully',
      code_mapping: { proc_code: to, label: input.label, value: input.value },
    };
  });
}

export async function deleteCodeMapping(db: Db, actor: Actor, code: string) {
  const proc = normalizeCode(code);
  return db.transaction(async (tx) => {
    await lockDataChanges(tx);
    const [before] = await tx.orm
      .delete(codeMappings)
      .where(eq(codeMappings.procCode, proc))
      .returning(MAPPING);
    if (!before) throw noMapping(proc);
    await recordAudit(tx, actor, 'code_mapping_deleted', { before });
    await recalculateScoresheet(tx);
    return { success: true as const, message: 'Code mapping deleted successfully' };
  });
}

/** Adds missing default mappings (never overwrites), rebuilds mapping values, recalculates. */
export async function initializeSystem(db: Db, actor: Actor) {
  return db.transaction(async (tx) => {
    await lockDataChanges(tx);
    let added = 0;
    for (const m of DEFAULT_MAPPINGS) {
      const rows = await tx.orm
        .insert(codeMappings)
        .values({ procCode: m.proc_code, label: m.label, value: m.value })
        .onConflictDoNothing({ target: codeMappings.procCode })
        .returning({ proc_code: codeMappings.procCode });
      added += rows.length;
    }
    const values = buildMappingValues();
    await tx.orm.delete(mappingValues);
    await tx.query('ALTER SEQUENCE mapping_values_id_seq RESTART WITH 1');
    await tx.copyRows(
      'mapping_values',
      ['procedure_status', 'no_of_arches', 'win_loss', 'case_value'],
      values.map((v) => [v.procedure_status, v.no_of_arches, v.win_loss, v.case_value]),
    );
    await recalculateScoresheet(tx);
    await recordAudit(tx, actor, 'system_initialized', { code_mappings_added: added });
    return {
      success: true as const,
      message: 'System initialized with default mappings',
      code_mappings_added: added,
      mapping_values: values.length,
    };
  });
}

/** First start: a database with no mappings and no mapping values is initialized once. */
export async function initializeIfEmpty(db: Db): Promise<boolean> {
  if ((await db.orm.$count(codeMappings)) + (await db.orm.$count(mappingValues)) > 0) return false;
  await initializeSystem(db, { id: null, username: null });
  return true;
}

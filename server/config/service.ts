import type { CodeMapping } from '../../common/api/config';
import { type Actor, recordAudit } from '../audit/service';
import type { Db, Tx } from '../db/client';
import { DEFAULT_MAPPINGS } from '../domain/default-mappings';
import { buildMappingValues } from '../domain/mapping-values';
import { normalizeCode } from '../domain/names';
import { HttpError } from '../http/errors';
import { lockDataChanges } from '../scoresheet/data-version';
import { recalculateScoresheet } from '../scoresheet/recalculate';

type MappingInput = { proc_code: string; label: string; value: number | null };

export async function listCodeMappings(db: Tx) {
  const rows = await db.query<CodeMapping>(
    'SELECT proc_code, label, value FROM code_mappings ORDER BY proc_code',
  );
  return { success: true as const, code_mappings: rows };
}

export async function listMappingValues(db: Tx) {
  const rows = await db.query<{
    id: number;
    procedure_status: string;
    no_of_arches: number;
    win_loss: 'Won';
    case_value: number;
  }>('SELECT id, procedure_status, no_of_arches, win_loss, case_value FROM mapping_values ORDER BY id');
  return { success: true as const, mapping_values: rows };
}

export async function addCodeMapping(db: Db, actor: Actor, input: MappingInput) {
  const code = normalizeCode(input.proc_code);
  return db.transaction(async (tx) => {
    await lockDataChanges(tx);
    const exists = await tx.query('SELECT 1 FROM code_mappings WHERE proc_code = $1', [code]);
    if (exists.length) throw new HttpError(409, `A mapping for code ${code} already exists`);
    await tx.query('INSERT INTO code_mappings (proc_code, label, value) VALUES ($1, $2, $3)', [
      code,
      input.label,
      input.value,
    ]);
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
    const [before] = await tx.query<CodeMapping>(
      'SELECT proc_code, label, value FROM code_mappings WHERE proc_code = $1 FOR UPDATE',
      [from],
    );
    if (!before) throw new HttpError(404, `No mapping for code ${from}`);
    if (to !== from && (await tx.query('SELECT 1 FROM code_mappings WHERE proc_code = $1', [to])).length) {
      throw new HttpError(409, `A mapping for code ${to} already exists`);
    }
    await tx.query('UPDATE code_mappings SET proc_code = $2, label = $3, value = $4 WHERE proc_code = $1', [
      from,
      to,
      input.label,
      input.value,
    ]);
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
    const [before] = await tx.query<CodeMapping>(
      'DELETE FROM code_mappings WHERE proc_code = $1 RETURNING proc_code, label, value',
      [proc],
    );
    if (!before) throw new HttpError(404, `No mapping for code ${proc}`);
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
      const rows = await tx.query(
        'INSERT INTO code_mappings (proc_code, label, value) VALUES ($1, $2, $3) ON CONFLICT (proc_code) DO NOTHING RETURNING 1',
        [m.proc_code, m.label, m.value],
      );
      added += rows.length;
    }
    const values = buildMappingValues();
    await tx.query('DELETE FROM mapping_values');
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
  const [{ n }] = await db.query<{ n: number }>(
    'SELECT (SELECT count(*) FROM code_mappings) + (SELECT count(*) FROM mapping_values) AS n',
  );
  if (n > 0) return false;
  await initializeSystem(db, { id: null, username: null });
  return true;
}

import { sql, type Expression, type SqlBool } from 'kysely';
import { isSqlite, type Executor } from '../../db/database.js';
import type { CollectionRuleRow } from '../../db/types.js';
import type { FieldErrors } from '../../lib/problem.js';
import { ilike, likePattern, sqliteTextCandidates, TRIGRAM, type ListingBuilder } from './catalog-filters.js';
import { fewProductsMayHold } from './products.repo.js';

export const ruleFields = ['title', 'vendor', 'tag', 'price', 'compared_price', 'weight', 'in_stock'] as const;
export const ruleConditions = [
  'equals', 'not_equals', 'starts_with', 'ends_with', 'contains', 'not_contains', 'greater_than', 'less_than',
] as const;
export type RuleField = (typeof ruleFields)[number];
export type RuleCondition = (typeof ruleConditions)[number];
export type Rule = Pick<CollectionRuleRow, 'field' | 'condition' | 'value'>;

const numericFields = new Set<string>(['price', 'compared_price', 'weight', 'in_stock']);
const textConditions = new Set<string>(['starts_with', 'ends_with', 'contains', 'not_contains']);
const orderConditions = new Set<string>(['greater_than', 'less_than']);

/** Number fields compare a sku column; weight compares grams. */
const skuColumn: Record<string, string> = { price: 'price', compared_price: 'compared_price', weight: 'weight_grams', in_stock: 'in_stock' };

/** Adds an error for each rule whose condition does not fit its field, or whose value is no number where one is needed. */
export function checkRules(rules: Rule[], errors: FieldErrors): void {
  rules.forEach((rule, i) => {
    if (numericFields.has(rule.field)) {
      if (textConditions.has(rule.condition)) errors.add(`rules[${i}][condition]`, 'invalid_value', `does not apply to the number field ${rule.field}`);
      // A safe integer also fits PostgreSQL's bigint: a longer one would fail the listing query (500).
      const value = rule.value.trim();
      if (!/^-?\d+$/.test(value)) errors.add(`rules[${i}][value]`, 'invalid_value', `must be an integer for ${rule.field}`);
      else if (!Number.isSafeInteger(Number(value))) errors.add(`rules[${i}][value]`, 'out_of_range', `must be at most ${Number.MAX_SAFE_INTEGER} in size`);
    } else if (orderConditions.has(rule.condition)) {
      errors.add(`rules[${i}][condition]`, 'invalid_value', `does not apply to the text field ${rule.field}`);
    }
  });
}

function textMatch(column: Expression<unknown>, condition: string, value: string): Expression<SqlBool> {
  switch (condition) {
    case 'starts_with': return ilike(column, likePattern(value, '', '%'));
    case 'ends_with': return ilike(column, likePattern(value, '%', ''));
    case 'contains': return ilike(column, likePattern(value, '%', '%'));
    default: return sql<SqlBool>`lower(${column}) = ${value.toLowerCase()}`;
  }
}

/** The positive form of a negated text condition: `not_contains` is "no match for contains". */
function isNegated(condition: string): boolean {
  return condition === 'not_equals' || condition === 'not_contains';
}

function positive(condition: string): string {
  return condition === 'not_equals' ? 'equals' : condition === 'not_contains' ? 'contains' : condition;
}

const operator: Record<string, '=' | '!=' | '>' | '<'> = { equals: '=', not_equals: '!=', greater_than: '>', less_than: '<' };

/** `narrowByTextIndex`: read only the products the text index says may hold a title rule's value. */
function ruleCondition(eb: ListingBuilder, rule: Rule, narrowByTextIndex: boolean): Expression<SqlBool> {
  if (numericFields.has(rule.field)) {
    // A product matches a number rule when any of its skus does.
    return eb.exists(
      eb.selectFrom('skus as r')
        .select('r.id')
        .whereRef('r.product_id', '=', 'p.id')
        .where(sql.ref(`r.${skuColumn[rule.field]}`), operator[rule.condition]!, Number(rule.value)),
    );
  }
  const match = (column: Expression<unknown>) => textMatch(column, positive(rule.condition), rule.value);
  const negated = isNegated(rule.condition);
  if (rule.field === 'title') {
    if (negated) return eb.not(match(eb.ref('p.name')));
    if (narrowByTextIndex) return eb.and([sqliteTextCandidates([rule.value]), match(eb.ref('p.name'))]);
    return match(eb.ref('p.name'));
  }
  // Vendors and tags are few beside products: the matching ones are found once, not once a product.
  if (rule.field === 'vendor') {
    const vendors = eb.selectFrom('vendors as v').select('v.id').where((e) => match(e.ref('v.name')));
    return negated ? eb.or([eb('p.vendor_id', 'is', null), eb('p.vendor_id', 'not in', vendors)]) : eb('p.vendor_id', 'in', vendors);
  }
  // Nested, not joined: the tags are read first, then their products through the index on tag_id.
  const tagged = eb.selectFrom('product_tags as pt')
    .select('pt.product_id')
    .where('pt.tag_id', 'in', eb.selectFrom('tags as t').select('t.id').where((e) => match(e.ref('t.title'))));
  return eb('p.id', negated ? 'not in' : 'in', tagged);
}

/**
 * The SQL condition a smart collection puts on products `p` in `db`: every rule, or any with
 * `disjunctive`. On SQLite, a title rule whose value few products may hold (a selective one) reads
 * only those, found by the text index; a title rule many products match is faster read in a scan.
 * PostgreSQL's trigram index serves the rule's `LIKE` itself.
 */
export async function smartCondition(db: Executor, rules: Rule[], disjunctive: boolean) {
  const narrowed = new Set<Rule>();
  if (isSqlite(db)) {
    for (const rule of rules) {
      const indexable = rule.field === 'title' && !isNegated(rule.condition) && [...rule.value].length >= TRIGRAM;
      if (indexable && (await fewProductsMayHold(db, rule.value))) narrowed.add(rule);
    }
  }
  return (eb: ListingBuilder): Expression<SqlBool> => {
    const conditions = rules.map((rule) => ruleCondition(eb, rule, narrowed.has(rule)));
    return disjunctive ? eb.or(conditions) : eb.and(conditions);
  };
}

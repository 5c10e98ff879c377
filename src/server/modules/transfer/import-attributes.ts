import type { Db } from '../../db/database';
import type { Writer } from '../../content/changes';
import { HttpError } from '../../http/errors';
import { slugify } from '../../../shared/slugify';
import type { Attribute, AttributeType, AttributeValue } from '../../../shared/schemas/attribute';
import { cleanAttribute, createAttribute, listAttributes, updateAttribute } from '../attributes/attribute.service';
import type { DeclaredAttribute, ImportedProduct, RowError } from './imported-product';

/** An attribute as the import sees it: the site's, one the file defines (JSON), or one the import will create. */
type Definition = {
  slug: string;
  name: string;
  /** Undefined for a new attribute whose type is read from its values once the whole file is read. */
  type: AttributeType | undefined;
  values: string[];
  unit: string | null;
  filter: boolean;
  stored: Attribute | undefined;
  /** A choice may take new values: the site's and a new one; a document's own definition is exact. */
  open: boolean;
  /** Values added to a stored choice (the import updates it). */
  added: number;
  /** Where the file first names it (for an error of the definition). */
  line: number;
  column: string;
  used: boolean;
};

/** A product's value of an attribute, as text until the definitions are final. */
export type PendingValue = { definition: Definition; text: string; line: number; column: string; value: AttributeValue | null | undefined };

const NUMBER = /^-?\d{1,13}(?:\.\d{1,9})?$/;
const TRUE = /^(true|yes|1)$/i;
const FALSE = /^(false|no|0)$/i;

/** `course-hours` → "Course hours": the name of an attribute a column names only by its slug. */
const humanise = (slug: string) => {
  const words = slug.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The attributes of an import (decision 069, amended): each value a file gives is matched to the site's
 * attribute by slug or name and checked against its type; an attribute the site lacks is created (a shop's as
 * a choice, an `attribute:` column's as the type all its values have, a JSON document's as it defines it), and
 * a value a stored choice lacks is added to it. Nothing is written before `apply`, inside the import's transaction.
 */
export class ImportAttributes {
  private readonly bySlug = new Map<string, Definition>();
  private readonly byName = new Map<string, Definition>();
  private readonly all: PendingValue[] = [];
  private declaredSeen = 0;

  private constructor(
    stored: Attribute[],
    private readonly declared: DeclaredAttribute[],
  ) {
    for (const attribute of stored) {
      this.add({ slug: attribute.slug, name: attribute.name, type: attribute.type, values: [...attribute.values], unit: attribute.unit, filter: attribute.filter, stored: attribute, open: true, added: 0, line: 0, column: '', used: false });
    }
  }

  static async open(db: Db, declared: DeclaredAttribute[]): Promise<ImportAttributes> {
    return new ImportAttributes(await listAttributes(db), declared);
  }

  private add(definition: Definition) {
    this.bySlug.set(definition.slug, definition);
    if (!this.byName.has(definition.name.toLowerCase())) this.byName.set(definition.name.toLowerCase(), definition);
  }

  /** The document's own definitions, known once its head is read (before its first product). */
  private syncDeclared() {
    for (const attribute of this.declared.slice(this.declaredSeen)) {
      if (this.bySlug.has(attribute.slug)) continue;
      const { line = 0, column = 'attributes', ...definition } = attribute;
      this.add({ ...definition, values: [...definition.values], stored: undefined, open: false, added: 0, line, column, used: true });
    }
    this.declaredSeen = this.declared.length;
  }

  private definitionOf(name: string, line: number, column: string, infer: boolean, filter: boolean): Definition {
    const slug = slugify(name);
    const found = this.bySlug.get(slug) ?? this.byName.get(name.toLowerCase());
    if (found) return found;
    const definition: Definition = { slug, name: name === slug ? humanise(slug) : name, type: infer ? undefined : 'choice', values: [], unit: null, filter, stored: undefined, open: true, added: 0, line, column, used: false };
    this.add(definition);
    return definition;
  }

  /** A product's values, checked as far as their definitions are known; the rest when the file is read (`finish`). */
  read(product: ImportedProduct, errors: RowError[]): PendingValue[] {
    this.syncDeclared();
    const pending = new Map<Definition, PendingValue>();
    for (const attribute of product.attributes) {
      // Several values are what a shop offers ("Online, In person"): a product holds one value of an attribute.
      if (attribute.values.length > 1) continue;
      const definition = this.definitionOf(attribute.name.trim(), attribute.line, attribute.column, attribute.infer === true, attribute.filter === true);
      const value: PendingValue = { definition, text: (attribute.values[0] ?? '').trim(), line: attribute.line, column: attribute.column, value: undefined };
      if (value.text !== '') definition.used = true;
      if (definition.type !== undefined) this.resolve(value, errors);
      pending.set(definition, value);
      this.all.push(value);
    }
    return [...pending.values()];
  }

  /** A value as its definition's type; a choice's value is its stored text (a new one is added to an open choice). */
  private resolve(pending: PendingValue, errors: RowError[]): void {
    const { definition, text } = pending;
    const fail = (message: string) => {
      errors.push({ line: pending.line, column: pending.column, message: `${definition.name}: ${message}` });
      pending.value = null;
    };
    if (text === '') {
      pending.value = null;
      return;
    }
    if (definition.type === 'number') {
      if (!NUMBER.test(text)) return fail(`“${text}” is not a number`);
      const number = Number(text);
      if (Math.abs(number) > 1e12) return fail('is too large');
      pending.value = number;
    } else if (definition.type === 'boolean') {
      if (TRUE.test(text)) pending.value = true;
      else if (FALSE.test(text)) pending.value = false;
      else fail(`“${text}” is not true or false`);
    } else {
      const key = slugify(text);
      const same = definition.values.find((value) => value === text) ?? definition.values.find((value) => slugify(value) === key);
      if (same !== undefined) {
        pending.value = same;
        return;
      }
      if (!definition.open) return fail(`“${text}” is not one of ${definition.values.join(', ')}`);
      if (text.length > 100) return fail('a value is too long (100 characters at most)');
      if (key === '') return fail(`“${text}” must contain a letter or a digit`);
      definition.values.push(text);
      if (definition.stored) definition.added += 1;
      pending.value = text;
    }
  }

  /**
   * Once the whole file is read: the type of each new attribute of an `attribute:` column (true/false, numbers,
   * or else a choice of the texts), its values checked, and each new or changed definition checked as the
   * attribute's own write would check it (an error of the line and column that first named it).
   */
  finish(errors: RowError[]): void {
    this.syncDeclared();
    for (const definition of this.bySlug.values()) {
      if (definition.type !== undefined) continue;
      const texts = this.all.filter((value) => value.definition === definition && value.text !== '').map((value) => value.text);
      definition.type = texts.length > 0 && texts.every((text) => /^(true|false)$/i.test(text)) ? 'boolean' : texts.length > 0 && texts.every((text) => NUMBER.test(text)) ? 'number' : 'choice';
    }
    for (const value of this.all) if (value.value === undefined) this.resolve(value, errors);
    for (const definition of new Set(this.bySlug.values())) {
      if (!(definition.stored ? definition.added > 0 : definition.used)) continue;
      try {
        cleanAttribute(this.inputOf(definition));
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        errors.push({ line: definition.line, column: definition.column, message: `attribute “${definition.name}”: ${error.message}` });
      }
    }
  }

  private inputOf(definition: Definition) {
    const base = definition.stored ?? definition;
    return { name: base.name, slug: base.slug, type: definition.type ?? 'choice', values: definition.type === 'choice' ? definition.values : [], unit: base.unit, filter: base.filter };
  }

  /** The values a product's save sets, by slug (null clears one); after `finish`. */
  valuesOf(pending: PendingValue[]): Record<string, AttributeValue | null> {
    const values: Record<string, AttributeValue | null> = {};
    for (const value of pending) {
      // A new attribute no product has a value of is not created, so there is nothing to clear.
      if (!value.definition.stored && !value.definition.used) continue;
      values[value.definition.slug] = value.value ?? null;
    }
    return values;
  }

  /** How many attributes the import creates, and how many of the site's choices it gives new values. */
  get counts(): { created: number; updated: number } {
    const definitions = [...new Set(this.bySlug.values())];
    return { created: definitions.filter((d) => !d.stored && d.used).length, updated: definitions.filter((d) => d.stored && d.added > 0).length };
  }

  /** Creates the new attributes and adds the new values to the site's choices, through their write path (inside the import's transaction). */
  async apply(writer: Writer): Promise<void> {
    for (const definition of new Set(this.bySlug.values())) {
      if (definition.stored && definition.added > 0) await updateAttribute(writer, definition.stored.id, this.inputOf(definition));
      else if (!definition.stored && definition.used) await createAttribute(writer, this.inputOf(definition));
    }
  }
}

/** Whether the product holds these values already. */
export const sameValues = (values: Record<string, AttributeValue | null>, stored: Record<string, AttributeValue>) =>
  Object.entries(values).every(([slug, value]) => (stored[slug] ?? null) === value);

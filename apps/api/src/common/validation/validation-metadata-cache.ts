import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Storage = ReturnType<typeof getMetadataStorage>;
type LookUp = Storage['getTargetValidationMetadatas'];

const CACHED = Symbol('huddle.validationMetadataCache');

/**
 * Remembers class-validator's answer to "which rules does this DTO class have" per class and
 * options. class-validator 0.15 works it out again on every validation, walking every registered
 * DTO class to find the ones the class inherits from (`prototype instanceof` each): about a tenth
 * of a cached search's CPU with Huddle's 150-odd DTO classes. The rules are the decorators', fixed
 * once the classes are loaded; a class registered later (its decorators run) clears what was
 * remembered, so a new class, or a subclass of a remembered one, is looked up afresh. Neither the
 * rules' list nor their grouping by property is changed by the validator, so both are shared.
 * Installed once per process, on the storage every copy of class-validator shares.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [CACHED]?: true };
  if (marked[CACHED]) return;
  marked[CACHED] = true;

  const lookUp: LookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let remembered = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();

  storage.addValidationMetadata = (metadata: ValidationMetadata) => {
    remembered = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    // JSON keeps every group name apart, whatever it holds (and no groups apart from an empty list).
    const options = JSON.stringify([schema, always, strictGroups, groups ?? null]);
    let byOptions = remembered.get(target);
    if (!byOptions) remembered.set(target, (byOptions = new Map()));
    let metadatas = byOptions.get(options);
    if (!metadatas) byOptions.set(options, (metadatas = lookUp(target, schema, always, strictGroups, groups)));
    return metadatas;
  };
  storage.groupByPropertyName = (metadatas: ValidationMetadata[]) => {
    let byProperty = grouped.get(metadatas);
    if (!byProperty) grouped.set(metadatas, (byProperty = group(metadatas)));
    return byProperty;
  };
}

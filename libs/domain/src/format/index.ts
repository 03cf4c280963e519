// How the product writes dates, times, money and counts (spec §9), imported as
// '@huddle/domain/format'. Not re-exported from the package's index: @huddle/domain is a shared
// singleton whose every export a guest downloads with the shell, while through this entry each
// app bundles only the formatters its screens use (the shell uses none).
export * from './dates';
export * from './rates';
export * from './words';
export * from './names';
export * from './requests';

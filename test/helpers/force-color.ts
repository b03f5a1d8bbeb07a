// Imported first by component tests that check colours: chalk decides on colour support when it is loaded.
process.env['FORCE_COLOR'] = '1';

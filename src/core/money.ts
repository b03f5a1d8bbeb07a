// The money rules live in src/api so the till in the browser and the server share them.
export * from '../api/money.js';

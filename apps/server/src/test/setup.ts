import { lowerPasswordCostForTests } from '../platform/passwords.js';

lowerPasswordCostForTests();

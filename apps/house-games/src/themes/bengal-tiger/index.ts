import './theme.css';

export { default as sprite } from './symbols.svg?raw';

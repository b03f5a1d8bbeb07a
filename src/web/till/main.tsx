import catalogs from 'virtual:page-catalogs';
import '../shared/base.css';
import './till.css';
import { startPage } from '../shared/start-page.js';
import { App } from './App.js';

void startPage(catalogs, <App />);

import catalogs from 'virtual:page-catalogs';
import '../shared/base.css';
import './kitchen.css';
import { startPage } from '../shared/start-page.js';
import { App } from './App.js';

void startPage(catalogs, <App />);

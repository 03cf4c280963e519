import { mountStandalone } from '@huddle/ui/standalone';
import App from './App';

mountStandalone(App, {
  remote: 'business',
  roles: [3, 13],
  accountFor: (role) => ({ id: 'standalone-business', user_type: 3, profile_completed: role === 3, email: 'brand@huddle.test', first_name: 'Northside', last_name: 'Outfitters' }),
});

import { FeedbackForm } from '../../features/feedback/components/feedback-form';

export function Component() {
  return <FeedbackForm />;
}

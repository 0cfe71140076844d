import { describePaymentFaults } from '../../testing/payment-faults';

// Spec 001 / issue 10 fault tests, the scheduled scenario (testing/payment-faults.ts says what is injected and proved).
describePaymentFaults('scheduled');

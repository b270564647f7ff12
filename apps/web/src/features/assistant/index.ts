// The public face of the assistant: nothing yet. Its screen and the landing page's widget are
// loaded by their routes (app/routes/).
export {};

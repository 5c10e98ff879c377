import type { PageInput } from '../../shared/schemas/page';

// The pages every brand needs (issue 29), written as a small course studio would write them.
// They show in the default footer's "Site" column (navigation.service.ts).

const PRIVACY_HTML = [
  '<p>This notice explains what personal data Showcase Studio collects when you visit this website, subscribe to our newsletter or write to us, why we collect it and what rights you have. It was last updated on 29 November 2026.</p>',
  '<h2>Who we are</h2>',
  '<p>Showcase Studio is the controller of your personal data. You can reach us through the contact page of this website for any question about this notice or your data.</p>',
  '<h2>What we collect</h2>',
  '<ul><li><strong>Newsletter:</strong> your e-mail address and the date you subscribed.</li><li><strong>Contact form:</strong> your name, your e-mail address, your message and anything else you choose to tell us.</li><li><strong>Visits:</strong> the pages viewed, counted without cookies and without storing your IP address.</li></ul>',
  '<h2>Why we use it</h2>',
  '<p>We send the newsletter only to addresses that asked for it (your consent, which you can withdraw at any time with the link in every e-mail). We use what you send through the contact form to answer you (our legitimate interest in replying to a request you made). Visit counts help us understand which courses interest people; they cannot identify you.</p>',
  '<h2>How long we keep it</h2>',
  '<p>Newsletter addresses are kept until you unsubscribe. Contact messages are kept for up to two years, then deleted. Visit counts are kept as daily totals.</p>',
  '<h2>Who else sees it</h2>',
  '<p>We do not sell your data. Our hosting and e-mail providers process it on our behalf, under contracts that oblige them to protect it. Videos from YouTube or Vimeo load only when you press play.</p>',
  '<h2>Your rights</h2>',
  '<p>You may ask for a copy of your data, have it corrected or deleted, object to its use or ask us to restrict it. You also have the right to complain to your data protection authority.</p>',
].join('');

const TERMS_HTML = [
  '<p>These terms apply to the use of this website and to the courses sold through it. By using the website you accept them.</p>',
  '<h2>Courses and access</h2>',
  '<p>Each course page describes what the course contains, how long it takes and its price. After purchase you get personal access to the course for as long as it is offered, and at least for twelve months. Access is for you alone: please do not share your login.</p>',
  '<h2>Payment and refunds</h2>',
  '<p>Payments are handled by our shop partner when you follow a Buy Now link. If a course is not for you, write to us within 14 days of purchase and we will refund it in full, whatever the reason.</p>',
  '<h2>Your work and ours</h2>',
  '<p>What you create while following a course is yours. The course videos, files and texts remain ours: you may use the exercise files for your own learning and portfolio, not resell or republish them.</p>',
  '<h2>Liability</h2>',
  '<p>We take care that the information on this website is correct and up to date, but we cannot guarantee that it is free of errors. Links to other websites are offered for convenience; we are not responsible for their content.</p>',
  '<h2>Changes</h2>',
  '<p>We may update these terms. The version published here on the day of your purchase applies to it.</p>',
].join('');

const FAQ_ITEMS = [
  { question: 'Do I need any experience to start?', answer: '<p>No. Every course says whether it is for beginners or advanced learners; the beginner courses start from the very first click.</p>' },
  { question: 'Which software do I need?', answer: '<p>Each course lists its tools on its page. Most work with the free version or trial of the app; where a paid app is needed, we say so before you buy.</p>' },
  { question: 'How long do I keep access?', answer: '<p>For as long as the course is offered, and at least twelve months from your purchase, including every update we make to it.</p>' },
  { question: 'Can I get a refund?', answer: '<p>Yes: within 14 days of purchase, for any reason. Write to us through the <a href="/pages/contact">contact page</a>.</p>' },
  { question: 'Do you offer team or classroom licences?', answer: '<p>We do, with a discount from five seats. Tell us about your team or class and we will send you an offer.</p>' },
];

export const DEMO_PAGES: PageInput[] = [
  {
    title: 'Privacy',
    slug: 'privacy',
    seoTitle: 'Privacy notice',
    seoDescription: 'What personal data Showcase Studio collects, why, how long it keeps it and what rights you have.',
    blocks: [{ type: 'richText', html: PRIVACY_HTML }],
  },
  {
    title: 'Terms',
    slug: 'terms',
    seoTitle: 'Terms of use and sale',
    seoDescription: 'The terms that apply to this website and to the courses sold through it: access, refunds and rights.',
    blocks: [{ type: 'richText', html: TERMS_HTML }],
  },
  {
    title: 'FAQ',
    slug: 'faq',
    seoTitle: 'Frequently asked questions',
    seoDescription: 'Answers to the questions people ask most about our courses: experience, software, access, refunds and team licences.',
    blocks: [
      { type: 'richText', html: '<p>The questions we are asked most. Yours is not here? Write to us and we will answer within two working days.</p>' },
      { type: 'faq', items: FAQ_ITEMS },
      { type: 'callToAction', heading: 'Still have a question?', text: 'We read every message and answer within two working days.', button: { text: 'Contact us', link: '/pages/contact' } },
    ],
  },
  {
    title: 'Contact',
    slug: 'contact',
    seoTitle: 'Contact us',
    seoDescription: 'Write to Showcase Studio: questions about a course, team licences, press or partnerships.',
    blocks: [
      { type: 'richText', html: '<p>Questions about a course, a team licence or a partnership? Send us a message and we will answer within two working days.</p>' },
      {
        type: 'contactForm',
        fields: [{ name: 'topic', label: 'Topic', type: 'choice', required: false, options: ['A course', 'Team or classroom licence', 'Press', 'Something else'] }],
        consentText: 'We use your details only to answer your message, as described in our privacy notice.',
        successMessage: 'Thank you for your message! We will get back to you within two working days.',
      },
    ],
  },
];

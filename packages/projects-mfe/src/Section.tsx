// Exposed as `projects/Section`: the Projects screen (spec 2), default-exporting the
// React.ComponentType<SectionProps> the shell renders.
import type { ComponentType } from 'react';
import type { SectionProps } from '@growth-admin/shared-client';
import { ProjectsSection } from './projects/ProjectsSection';

const Section: ComponentType<SectionProps> = ProjectsSection;
export default Section;

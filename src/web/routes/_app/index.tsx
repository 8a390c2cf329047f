// / : the home page.
import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../areas/home/HomeScreen'

export const Route = createFileRoute('/_app/')({
  component: HomeScreen,
})

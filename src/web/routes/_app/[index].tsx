// /index: the home page under its other address (docs/architecture.md § Screens and routes).
import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '../../areas/home/HomeScreen'

export const Route = createFileRoute('/_app/index')({
  component: HomeScreen,
})

import { Box } from 'ink';
import { fit } from '../format.js';
import { NO_REGISTER, type RegisterCard, receiptProblem } from '../state.js';
import { useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

export interface RegisterPickerProps {
  /** The enabled registers (null while they load). */
  registers: RegisterCard[] | null;
  cursor: number;
  current: RegisterCard | null;
  width: number;
  height: number;
}

/**
 * Which register this dashboard confirms at (asked once per session; `t` asks again): its printer prints the receipt
 * and opens the drawer. "No register" is a choice too, and says what it costs.
 */
export function RegisterPicker({ registers, cursor, current, width, height }: RegisterPickerProps) {
  const { t, registerName, noReceipt } = useDashboardTexts();
  const choices = [...(registers ?? []), NO_REGISTER];
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(t('dashboard.register.title'), width - 1)}
      </Text>
      {registers === null ? (
        <Text color="gray">{t('dashboard.register.loading')}</Text>
      ) : (
        choices.slice(0, Math.max(1, height - 1)).map((register, index) => {
          const problem = receiptProblem(register);
          const mark = current !== null && current.id === register.id ? ` ${t('dashboard.register.current')}` : '';
          // "No register" names the choice already: its line says only what it costs.
          const says =
            problem === 'no-register'
              ? `: ${t('dashboard.register.noneCosts')}`
              : problem
                ? `: ${noReceipt(problem, register)}`
                : '';
          return (
            <Text key={register.id ?? 'none'} inverse={index === cursor} color={problem ? 'yellow' : undefined}>
              {fit(`${index < 9 ? index + 1 : ' '}  ${registerName(register)}${mark}${says}`, width - 1)}
            </Text>
          );
        })
      )}
    </Box>
  );
}

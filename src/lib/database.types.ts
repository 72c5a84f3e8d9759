export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12.2.3 (519615d)"
  }
  public: {
    Tables: {
      beacon_chains: {
        Row: {
          beacon_id: string
          chain_hash: string
          first_used_at: string
          genesis_time: number
          independent: boolean
          period: number
          public_key: string
          scheme: string
        }
        Insert: {
          beacon_id: string
          chain_hash: string
          first_used_at?: string
          genesis_time: number
          independent: boolean
          period: number
          public_key: string
          scheme: string
        }
        Update: {
          beacon_id?: string
          chain_hash?: string
          first_used_at?: string
          genesis_time?: number
          independent?: boolean
          period?: number
          public_key?: string
          scheme?: string
        }
        Relationships: []
      }
      beacon_rounds: {
        Row: {
          chain_hash: string
          fetched_at: string
          randomness: string
          round: number
          signature: string
        }
        Insert: {
          chain_hash: string
          fetched_at?: string
          randomness: string
          round: number
          signature: string
        }
        Update: {
          chain_hash?: string
          fetched_at?: string
          randomness?: string
          round?: number
          signature?: string
        }
        Relationships: [
          {
            foreignKeyName: "beacon_rounds_chain_hash_fkey"
            columns: ["chain_hash"]
            isOneToOne: false
            referencedRelation: "beacon_chains"
            referencedColumns: ["chain_hash"]
          },
        ]
      }
      draw_commitment_audit: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          at: string
          db_user: string
          draw_date: string
          draw_hour: number
          id: number
          new_row: Json | null
          old_row: Json
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          db_user?: string
          draw_date: string
          draw_hour: number
          id?: never
          new_row?: Json | null
          old_row: Json
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          db_user?: string
          draw_date?: string
          draw_hour?: number
          id?: never
          new_row?: Json | null
          old_row?: Json
        }
        Relationships: []
      }
      draw_commitments: {
        Row: {
          commitment: string
          committed_at: string
          draw_date: string
          draw_hour: number
        }
        Insert: {
          commitment: string
          committed_at?: string
          draw_date: string
          draw_hour: number
        }
        Update: {
          commitment?: string
          committed_at?: string
          draw_date?: string
          draw_hour?: number
        }
        Relationships: []
      }
      draw_locks: {
        Row: {
          chain_hash: string
          ciphertext: string | null
          draw_date: string
          draw_hour: number
          locked_at: string | null
          round: number
        }
        Insert: {
          chain_hash: string
          ciphertext?: string | null
          draw_date: string
          draw_hour: number
          locked_at?: string | null
          round: number
        }
        Update: {
          chain_hash?: string
          ciphertext?: string | null
          draw_date?: string
          draw_hour?: number
          locked_at?: string | null
          round?: number
        }
        Relationships: [
          {
            foreignKeyName: "draw_locks_chain_hash_fkey"
            columns: ["chain_hash"]
            isOneToOne: false
            referencedRelation: "beacon_chains"
            referencedColumns: ["chain_hash"]
          },
        ]
      }
      draw_seeds: {
        Row: {
          draw_date: string
          draw_hour: number
          seed: string
        }
        Insert: {
          draw_date: string
          draw_hour: number
          seed: string
        }
        Update: {
          draw_date?: string
          draw_hour?: number
          seed?: string
        }
        Relationships: []
      }
      draw_stats_monthly: {
        Row: {
          digits: number[]
          draws: number
          ending_last: string[]
          endings: number[]
          month: string
        }
        Insert: {
          digits: number[]
          draws: number
          ending_last: string[]
          endings: number[]
          month: string
        }
        Update: {
          digits?: number[]
          draws?: number
          ending_last?: string[]
          endings?: number[]
          month?: string
        }
        Relationships: []
      }
      lottery_results: {
        Row: {
          corrected_at: string | null
          created_at: string
          created_by: string | null
          draw_date: string
          draw_hour: number
          draw_time: string
          first_prize: string
          id: string
          previous_prize: string | null
          source: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          corrected_at?: string | null
          created_at?: string
          created_by?: string | null
          draw_date: string
          draw_hour: number
          draw_time: string
          first_prize: string
          id?: string
          previous_prize?: string | null
          source?: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          corrected_at?: string | null
          created_at?: string
          created_by?: string | null
          draw_date?: string
          draw_hour?: number
          draw_time?: string
          first_prize?: string
          id?: string
          previous_prize?: string | null
          source?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      lottery_settings: {
        Row: {
          admin_requires_mfa: boolean
          auto_draw: boolean
          auto_draw_since: string | null
          beacon_chain_hash: string | null
          beacon_since: string | null
          id: boolean
          timezone: string
          updated_at: string
        }
        Insert: {
          admin_requires_mfa?: boolean
          auto_draw?: boolean
          auto_draw_since?: string | null
          beacon_chain_hash?: string | null
          beacon_since?: string | null
          id?: boolean
          timezone?: string
          updated_at?: string
        }
        Update: {
          admin_requires_mfa?: boolean
          auto_draw?: boolean
          auto_draw_since?: string | null
          beacon_chain_hash?: string | null
          beacon_since?: string | null
          id?: boolean
          timezone?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "lottery_settings_beacon_chain_hash_fkey"
            columns: ["beacon_chain_hash"]
            isOneToOne: false
            referencedRelation: "beacon_chains"
            referencedColumns: ["chain_hash"]
          },
        ]
      }
      result_audit_log: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          at: string
          id: number
          new_row: Json | null
          old_row: Json | null
          result_id: string
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          id?: never
          new_row?: Json | null
          old_row?: Json | null
          result_id: string
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          id?: never
          new_row?: Json | null
          old_row?: Json | null
          result_id?: string
        }
        Relationships: []
      }
      settings_audit_log: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          at: string
          db_user: string
          id: number
          new_row: Json | null
          old_row: Json | null
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          db_user?: string
          id?: number
          new_row?: Json | null
          old_row?: Json | null
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          at?: string
          db_user?: string
          id?: number
          new_row?: Json | null
          old_row?: Json | null
        }
        Relationships: []
      }
      user_roles: {
        Row: {
          created_at: string
          id: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          role: Database["public"]["Enums"]["app_role"]
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          role?: Database["public"]["Enums"]["app_role"]
          user_id?: string
        }
        Relationships: []
      }
      withdrawn_results: {
        Row: {
          draw_date: string
          draw_hour: number
          first_prize: string
          id: number
          source: string
          withdrawn_at: string
        }
        Insert: {
          draw_date: string
          draw_hour: number
          first_prize: string
          id?: never
          source: string
          withdrawn_at?: string
        }
        Update: {
          draw_date?: string
          draw_hour?: number
          first_prize?: string
          id?: never
          source?: string
          withdrawn_at?: string
        }
        Relationships: []
      }
    }
    Views: {
      audit_trail: {
        Row: {
          action: string | null
          actor_email: string | null
          actor_id: string | null
          at: string | null
          correction: boolean | null
          draw_date: string | null
          draw_hour: number | null
          id: number | null
          new_row: Json | null
          old_row: Json | null
          subject: string | null
          withdrawn: boolean | null
        }
        Relationships: []
      }
    }
    Functions: {
      audit_actors: {
        Args: never
        Returns: {
          actor_email: string | null
          changes: number | null
        }[]
      }
      beacon_round_failed: {
        Args: { beacon_chain: string; beacon_round: number; reason: string }
        Returns: string
      }
      beacon_rounds_due: {
        Args: { max_rounds?: number }
        Returns: {
          chain_hash: string | null
          round: number | null
          draw_date: string | null
          draw_hour: number | null
          attempts: number | null
        }[]
      }
      beacon_seeds_to_seal: {
        Args: { max_locks?: number }
        Returns: {
          draw_date: string | null
          draw_hour: number | null
          chain_hash: string | null
          round: number | null
          seed: string | null
        }[]
      }
      check_number: {
        Args: { n?: string; kind?: string; per_tier?: number }
        Returns: {
          match: string | null
          draw_date: string | null
          draw_hour: number | null
          first_prize: string | null
          total: number | null
        }[]
      }
      draw_stats: {
        Args: { period?: string }
        Returns: Json
      }
      generate_lottery_results: {
        Args: { from_date: string; to_date: string }
        Returns: Json
      }
      seal_draw_lock: {
        Args: { lock_date: string; lock_hour: number; armored: string }
        Returns: boolean
      }
      store_beacon_round: {
        Args: { beacon_chain: string; beacon_round: number; signature: string }
        Returns: number
      }
    }
    Enums: {
      app_role: "admin"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      app_role: ["admin"],
    },
  },
} as const
